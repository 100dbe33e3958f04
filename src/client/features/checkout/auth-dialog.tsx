import { LoginForm } from '#client/components/auth/login-form.tsx';
import { RegisterForm } from '#client/components/auth/register-form.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import type { PublicUser } from '#shared/types.ts';

/**
 * The checkout's login/register dialog (spec 4): the visitor's form is held meanwhile and sent
 * automatically after a successful login or registration. Registration starts with the e-mail
 * typed in the form and does not ask again for the consent the form has (it is sent with it).
 */
export function CheckoutAuthDialog({
  open,
  onOpenChange,
  onAuthenticated,
  email,
  consentGiven,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAuthenticated: (user: PublicUser) => void;
  email: string;
  consentGiven: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Войдите или зарегистрируйтесь</DialogTitle>
          <DialogDescription>
            Заказы оформляются в личном кабинете. Введённые данные сохранятся: сразу после входа или регистрации заказ
            будет отправлен автоматически.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="login">
          <TabsList className="grid w-full grid-cols-2 sm:w-full">
            <TabsTrigger value="login">Вход</TabsTrigger>
            <TabsTrigger value="register">Регистрация</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm idPrefix="checkout-login" onSuccess={onAuthenticated} />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm idPrefix="checkout-register" onSuccess={onAuthenticated} email={email} consentGiven={consentGiven} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

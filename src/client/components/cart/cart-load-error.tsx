import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';

/** The cart could not be loaded (cart and checkout pages): say so and offer to try again. */
export function CartLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert variant="destructive" className="max-w-xl">
      <CircleAlert aria-hidden />
      <AlertTitle>Не удалось загрузить корзину</AlertTitle>
      <AlertDescription>
        <p>Проверьте подключение к интернету и попробуйте ещё раз.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          Повторить
        </Button>
      </AlertDescription>
    </Alert>
  );
}

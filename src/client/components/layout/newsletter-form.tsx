import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { apiRequest } from '#client/lib/api.ts';
import { paths } from '#client/paths.ts';

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const subscribe = useMutation({
    mutationFn: (value: string) => apiRequest('/api/newsletter', { method: 'POST', body: { email: value } }),
    onSuccess: (_data, value) => {
      toast({ title: 'Вы подписаны на рассылку', description: `Новости и акции будут приходить на ${value}`, variant: 'success' });
      setEmail('');
    },
    onError: (e) => toast({ title: 'Ошибка', description: e.message, variant: 'destructive' }),
  });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) is loaded on the first submit: the footer is on every page's first load.
    const { NewsletterSchema } = await import('#shared/schemas/contact.ts');
    const parsed = NewsletterSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return input.current?.focus();
    }
    setError(null);
    subscribe.mutate(parsed.data.email);
  };
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-2">
      <label htmlFor="newsletter-email" className="text-sm font-semibold text-header-foreground">
        Подписка на новости и акции
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          ref={input}
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="Ваш email"
          aria-invalid={error ? true : undefined}
          aria-describedby="newsletter-consent newsletter-error"
          className="h-11 min-w-0 flex-1 rounded-md border border-zinc-600 bg-zinc-800 px-3 text-sm text-header-foreground placeholder:text-zinc-400 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/50 md:h-10"
        />
        <Button type="submit" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Отправка...' : 'Подписаться'}
        </Button>
      </div>
      {error && (
        <p id="newsletter-error" role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <p id="newsletter-consent" className="text-xs text-header-muted">
        Подписываясь, вы даёте согласие на обработку персональных данных в соответствии с{' '}
        <Link to={paths.privacy} className="underline hover:text-header-foreground">
          политикой конфиденциальности
        </Link>
        .
      </p>
    </form>
  );
}

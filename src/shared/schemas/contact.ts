import { z, requiredText } from './z.ts';

export const ContactMessageSchema = z.object({
  name: requiredText('Укажите ваше имя'),
  email: z.string().trim().min(1, 'Укажите email').pipe(z.email('Пожалуйста, введите корректный email')),
  phone: requiredText('Укажите телефон'),
  message: requiredText('Напишите сообщение').pipe(z.string().max(5000, 'Сообщение не длиннее 5000 символов')),
});
export type ContactMessageInput = z.infer<typeof ContactMessageSchema>;

export const NewsletterSchema = z.object({
  email: z.string().trim().min(1, 'Укажите email').pipe(z.email('Пожалуйста, введите корректный email')),
});
export type NewsletterInput = z.infer<typeof NewsletterSchema>;

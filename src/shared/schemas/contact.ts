import { EMAIL_MAX } from '../constants.ts';
import { z, requiredText } from './z.ts';

const EMAIL_MESSAGE = 'Пожалуйста, введите корректный email';
const email = () => z.string().trim().min(1, 'Укажите email').max(EMAIL_MAX, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE));

export const ContactMessageSchema = z.object({
  name: requiredText('Укажите ваше имя').pipe(z.string().max(200, 'Имя не длиннее 200 символов')),
  email: email(),
  phone: requiredText('Укажите телефон').pipe(z.string().max(40, 'Телефон не длиннее 40 символов')),
  message: requiredText('Напишите сообщение').pipe(z.string().max(5000, 'Сообщение не длиннее 5000 символов')),
});
export type ContactMessageInput = z.infer<typeof ContactMessageSchema>;

export const NewsletterSchema = z.object({ email: email() });
export type NewsletterInput = z.infer<typeof NewsletterSchema>;

import { layoutMail } from '../../mail/templates.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';

/** The password-reset letter: Russian, with the shop's name and a link built from PUBLIC_URL. */
export const passwordResetMail = (shop: ShopSettings, to: string, username: string, link: string) =>
  layoutMail(shop, to, 'Восстановление пароля', [
    `Здравствуйте, ${username}!`,
    `Мы получили запрос на восстановление пароля к вашей учётной записи в интернет-магазине «${shop.shopName}».`,
    `Чтобы задать новый пароль, перейдите по ссылке (она действует 1 час и только один раз):\n${link}`,
    'Если вы не запрашивали восстановление пароля, просто проигнорируйте это письмо: пароль останется прежним.',
  ]);

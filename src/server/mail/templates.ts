import type { ContactMessageInput } from '#shared/schemas/contact.ts';
import { formatPhone } from '#shared/phone.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { MailMessage } from './transport.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text plus a simple HTML version with the shop's name and contacts in the footer. */
export function layoutMail(shop: ShopSettings, to: string, subject: string, paragraphs: string[]): MailMessage {
  const footer = `${shop.shopName} · ${formatPhone(shop.contactPhone)} · ${shop.contactEmail}`;
  const text = [...paragraphs, '', '—', footer].join('\n');
  const html = `<div style="font-family:Arial,sans-serif;font-size:15px;color:#18181b;max-width:560px">${paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>').replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</p>`)
    .join('')}<hr style="border:none;border-top:1px solid #e4e4e7"><p style="color:#71717a;font-size:13px">${escapeHtml(footer)}</p></div>`;
  return { to, subject: `${subject} — ${shop.shopName}`, text, html };
}

export const contactMessageMail = (shop: ShopSettings, input: ContactMessageInput) =>
  layoutMail(shop, shop.contactEmail, `Сообщение с сайта от ${input.name}`, [
    `Имя: ${input.name}`,
    `Email: ${input.email}`,
    `Телефон: ${input.phone}`,
    `Сообщение:\n${input.message}`,
  ]);

/**
 * The staff's tools on one order (issue 25): internal comments, the payment link of an unpaid
 * online order, and editing the lines and delivery price before the order ships.
 */
import { Mail, MessageSquarePlus, Plus, Search, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { TitledDialog } from '#client/components/titled-dialog.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import { ORDER_COMMENT_MAX, ORDER_LINE_MAX } from '#shared/schemas/admin-order.ts';
import type { AdminOrderDetail } from '#shared/types.ts';
import { findProducts, useAddOrderComment, useEditOrder, useSendPaymentLink } from './api.ts';

const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

/** Whether the order's lines and delivery may still change (the server says the same, line-edit.ts). */
export const orderEditable = (order: AdminOrderDetail) =>
  (order.status === 'pending' || order.status === 'processing') &&
  !(order.paymentMethod === 'online' && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded'));

/** An unpaid online order that can still be paid: the customer may get the payment link. */
export const paymentLinkOffered = (order: AdminOrderDetail) =>
  order.paymentMethod === 'online' &&
  (order.paymentStatus === 'pending' || order.paymentStatus === 'failed') &&
  order.status !== 'cancelled' &&
  order.status !== 'delivered';

export function OrderComments({ order }: { order: AdminOrderDetail }) {
  const [text, setText] = useState('');
  const add = useAddOrderComment(order.id, { onSuccess: () => setText(''), onError: failed('Не удалось добавить комментарий') });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) add.mutate(text.trim());
  };
  return (
    <section className="grid gap-2" aria-labelledby={`order-comments-${order.id}`}>
      <h3 id={`order-comments-${order.id}`} className="text-sm font-semibold">
        Внутренние комментарии <span className="font-normal text-muted-foreground">(покупатель их не видит)</span>
      </h3>
      {order.comments.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {order.comments.map((comment) => (
            <li key={comment.id} className="rounded-md bg-muted p-2">
              <p className="break-words whitespace-pre-line">{comment.text}</p>
              <p className="mt-1 text-xs text-muted-foreground">
                {comment.authorName}, {formatDateTime(comment.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form className="grid gap-2" onSubmit={submit}>
        <Textarea
          aria-label="Новый комментарий"
          rows={2}
          maxLength={ORDER_COMMENT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Например: покупатель просил позвонить после 18:00"
          disabled={add.isPending}
        />
        <Button type="submit" variant="outline" size="sm" className="justify-self-end" disabled={!text.trim() || add.isPending}>
          {add.isPending ? <Spinner size="sm" label="Сохранение" /> : <MessageSquarePlus aria-hidden />}
          Добавить комментарий
        </Button>
      </form>
    </section>
  );
}

export function PaymentLinkButton({ order }: { order: AdminOrderDetail }) {
  const send = useSendPaymentLink(order.id, {
    onSuccess: () => toast({ title: 'Ссылка на оплату отправлена', description: `Письмо ушло на ${order.customerEmail}`, variant: 'success' }),
    onError: failed('Не удалось отправить ссылку на оплату'),
  });
  return (
    <Button variant="outline" onClick={() => send.mutate()} disabled={send.isPending}>
      {send.isPending ? <Spinner size="sm" label="Отправка" /> : <Mail aria-hidden />}
      Отправить ссылку на оплату
    </Button>
  );
}

type Added = { productId: number; name: string; price: number; quantity: number };

/** Finds a product by its SKU (or name) and offers it for the order. */
function AddProduct({ onAdd }: { onAdd: (line: Added) => void }) {
  const [query, setQuery] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async () => {
    const text = query.trim();
    if (!text) return;
    setBusy(true);
    try {
      const { products } = await findProducts(text);
      const found = products.find((p) => p.sku.toLowerCase() === text.toLowerCase()) ?? products[0];
      if (!found) setMessage(`Товар «${text}» не найден`);
      else if (!found.isActive || found.price === null) setMessage(`Товар «${found.name}» снят с продажи или без цены`);
      else {
        onAdd({ productId: found.id, name: found.name, price: found.price, quantity: 1 });
        setQuery('');
        setMessage(null);
      }
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'Не удалось найти товар');
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormField label="Добавить товар" htmlFor="order-add-product" error={message ?? undefined}>
      <div className="flex gap-2">
        <Input
          id="order-add-product"
          value={query}
          placeholder="Артикул или название"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={() => void search()} disabled={busy || !query.trim()}>
          {busy ? <Spinner size="sm" label="Поиск" /> : <Search aria-hidden />}
          Найти
        </Button>
      </div>
    </FormField>
  );
}

const quantityOf = (value: string) => Math.min(ORDER_LINE_MAX, Math.max(0, Math.trunc(Number(value) || 0)));

type EditedLineProps = {
  name: string;
  price: number;
  quantity: number | undefined;
  /** 0 for the order's own lines (0 removes one), 1 for a line being added. */
  min: 0 | 1;
  added?: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
};

/** A line of the edited order: its name and price, the quantity typed, and the button that takes it out. */
function EditedLine({ name, price, quantity, min, added = false, onQuantity, onRemove }: EditedLineProps) {
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm">
      <span className="min-w-0 flex-1 break-words">
        {added && <Plus className="mr-1 inline size-3" aria-hidden />}
        {name}
        <span className="block text-xs text-muted-foreground">{formatRub(price)} за шт.</span>
      </span>
      <Input
        type="number"
        min={min}
        max={ORDER_LINE_MAX}
        className="w-24"
        aria-label={`Количество: ${name}`}
        value={quantity}
        onChange={(e) => onQuantity(Math.max(min, quantityOf(e.target.value)))}
      />
      <Button type="button" variant="ghost" size="icon-sm" aria-label={`Убрать: ${name}`} onClick={onRemove}>
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

/** «Изменить состав»: quantities (0 removes a line), products added, the delivery price. */
export function OrderEditDialog({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const [quantities, setQuantities] = useState<Record<number, number>>(() => Object.fromEntries(order.items.map((i) => [i.id, i.quantity])));
  const [added, setAdded] = useState<Added[]>([]);
  const [delivery, setDelivery] = useState(String(order.delivery.price));
  const save = useEditOrder(order.id, {
    onSuccess: () => {
      toast({ title: 'Заказ изменён', description: `Заказ №${order.id}: состав и сумма пересчитаны`, variant: 'success' });
      onClose();
    },
  });
  const deliveryValue = Number(delivery.replace(',', '.'));
  const deliveryError = order.pickupBranch || (delivery.trim() !== '' && Number.isFinite(deliveryValue) && deliveryValue >= 0) ? null : 'Укажите стоимость доставки: 0 или больше';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (deliveryError) return;
    save.mutate({
      lines: order.items.filter((i) => quantities[i.id] !== i.quantity).map((i) => ({ itemId: i.id, quantity: quantities[i.id]! })),
      add: added.map(({ productId, quantity }) => ({ productId, quantity })),
      ...(order.pickupBranch || deliveryValue === order.delivery.price ? {} : { delivery: deliveryValue }),
    });
  };
  return (
    <TitledDialog open title={`Изменить заказ №${order.id}`} description="Остатки филиалов и суммы заказа пересчитываются при сохранении." className="max-w-2xl" busy={save.isPending} onClose={onClose}>
      <form className="grid gap-4" onSubmit={submit}>
        {save.error && (
          <Alert variant="destructive">
            <AlertDescription>{save.error.message}</AlertDescription>
          </Alert>
        )}
        <ul className="grid gap-2">
          {order.items.map((item) => (
            <EditedLine
              key={item.id}
              name={item.productName}
              price={item.productPrice}
              quantity={quantities[item.id]}
              min={0}
              onQuantity={(quantity) => setQuantities({ ...quantities, [item.id]: quantity })}
              onRemove={() => setQuantities({ ...quantities, [item.id]: 0 })}
            />
          ))}
          {added.map((line, index) => (
            <EditedLine
              key={line.productId}
              added
              name={line.name}
              price={line.price}
              quantity={line.quantity}
              min={1}
              onQuantity={(quantity) => setAdded(added.map((a, i) => (i === index ? { ...a, quantity } : a)))}
              onRemove={() => setAdded(added.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
        <AddProduct onAdd={(line) => setAdded(added.some((a) => a.productId === line.productId) ? added : [...added, line])} />
        {!order.pickupBranch && (
          <FormField label="Стоимость доставки, ₽" htmlFor="order-delivery-price" error={deliveryError ?? undefined}>
            <Input id="order-delivery-price" inputMode="decimal" value={delivery} onChange={(e) => setDelivery(e.target.value)} className="w-40" />
          </FormField>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
            Отмена
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner size="sm" label="Сохранение" />}
            Сохранить
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}

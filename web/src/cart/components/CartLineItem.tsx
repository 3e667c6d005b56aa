import { useState } from 'react';
import { Link } from 'react-router';
import type { CartLine, Warranty } from '../../shared/api/cart';
import { switchCartLine, useLineProblem } from '../../checkout/cartAvailability';
import { LineProblem, useAlternativeStore } from '../../checkout/components/LineProblem';
import { fulfillmentLabel, type StoreName } from '../format';
import { QuantityForm } from './QuantityForm';
import { WarrantyControl } from './WarrantyControl';

export const CART_IMAGE_SIZE = 96;

interface Props {
  line: CartLine;
  stores: Record<number, StoreName>;
  warranties: Warranty[] | undefined;
  busy: boolean;
  error: string | undefined;
  onQuantity: (quantity: number) => void;
  onInvalidQuantity: (message: string) => void;
  onRemove: () => void;
  onChooseWarranty: (warrantyId: string) => void;
  onRemoveWarranty: () => void;
}

/** The product's picture at a fixed size (nothing shifts); a plain tile when there is none. */
export function ProductThumb({ src, alt, size = CART_IMAGE_SIZE }: { src: string | null; alt: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    // Sized by CSS (96px, 72px on mobile) like the picture.
    return <span className="cart-thumb cart-thumb--none" aria-hidden="true" />;
  }
  return (
    <img
      className="cart-thumb"
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}

/**
 * One cart line: picture, name, price, fulfillment, plan, quantity, remove, total. A line that
 * can't be had as chosen (the checkout summary says so) is flagged with the problem and a
 * button per fulfilment that works, and Remove.
 */
export function CartLineItem({
  line,
  stores,
  warranties,
  busy,
  error,
  onQuantity,
  onInvalidQuantity,
  onRemove,
  onChooseWarranty,
  onRemoveWarranty,
}: Props) {
  const errorId = `cart-line-${line.lineId}-error`;
  const problem = useLineProblem(line.lineId);
  const alternativeStore = useAlternativeStore(line.storeNum, (num) => stores[num]?.title ?? null);
  return (
    <li
      className={`cart-line${problem ? ' cart-line--unavailable' : ''}`}
      data-line-id={line.lineId}
      aria-busy={busy || undefined}
    >
      <div className="cart-line__media">
        <ProductThumb src={line.thumbnail} alt={line.name} />
      </div>
      <div className="cart-line__info">
        <h3 className="cart-line__name">
          <Link to={line.url} data-focus-target="">
            {line.name}
          </Link>
        </h3>
        <p className="cart-line__meta">Item #{line.blainNumber}</p>
        <p className="cart-line__price">
          <span className="visually-hidden">Price: </span>
          {line.unitPrice} each
        </p>
        <p className="cart-line__fulfillment" data-fulfillment={line.fulfillmentType}>
          {fulfillmentLabel(line.fulfillmentType, line.storeNum, stores)}
        </p>
        {problem && (
          <LineProblem
            lineName={line.name}
            problem={problem.problem}
            alternatives={problem.alternatives}
            store={alternativeStore}
            busy={busy}
            onSwitch={(fulfillment, storeNum, storeName) =>
              void switchCartLine(line.lineId, fulfillment, storeNum, storeName)
            }
            onRemove={onRemove}
          />
        )}
        <WarrantyControl
          name={line.name}
          chosen={line.warranty}
          options={warranties}
          busy={busy}
          onChoose={onChooseWarranty}
          onRemove={onRemoveWarranty}
        />
      </div>
      <div className="cart-line__actions">
        <QuantityForm
          key={line.quantity}
          lineId={line.lineId}
          name={line.name}
          quantity={line.quantity}
          busy={busy}
          errorId={error ? errorId : undefined}
          onInvalid={onInvalidQuantity}
          onSubmit={onQuantity}
        />
        <button
          type="button"
          className="cart-link-button cart-line__remove"
          aria-disabled={busy || undefined}
          onClick={() => !busy && onRemove()}
        >
          Remove{' '}<span className="visually-hidden">{line.name}</span>
        </button>
      </div>
      <p className="cart-line__total">
        <span className="visually-hidden">Total for {line.name}: </span>
        <span data-testid="line-total">{line.lineTotal}</span>
      </p>
      {error && (
        <p id={errorId} className="cart-line__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

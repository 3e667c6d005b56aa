import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ProductDetails } from '../../shared/api/product';
import type { Fulfillment, FulfillmentType } from '../../shared/api/productSummary';
import type { LocalStoreJson } from '../../shared/api/shell';
import { formatCents } from '../../shared/money';
import { AddToRegistryButton, AddToRegistryDialog, useAddToRegistry } from '../../registry/AddToRegistry';
import { openStoreMenu } from '../../storefinder/storeMenuStore';
import { useAddToCart } from '../addToCart';
import { isAvailable, shipToHomeLabel, stockLabel, type StockLabel } from '../stock';
import type { LocalStock } from '../useLocalStock';
import { AddToCartDialogs } from './AddToCartDialogs';
import { parseQuantity, QUANTITY_MESSAGE, QuantityInput } from './QuantityInput';

export const CART_PATH = '/cart/';

export interface FulfillmentOption {
  type: FulfillmentType;
  label: string;
  enabled: boolean;
}

/** Ship to home and store pickup always (disabled when not offered); same-day delivery when offered. */
export function fulfillmentOptions(f: Fulfillment): FulfillmentOption[] {
  return [
    { type: 'ShipToHome', label: 'Ship to Home', enabled: f.shipToHome },
    { type: 'StorePickup', label: 'Free Store Pickup', enabled: f.storePickup },
    ...(f.sameDayDelivery ? [{ type: 'SameDayDelivery' as const, label: 'Same Day Delivery', enabled: true }] : []),
  ];
}

/**
 * Forced selection: the chosen option when enabled; else the first enabled one that has stock
 * (`inStock`, when known), so the page never preselects a way the item can't go; else the
 * first enabled one, else the first.
 */
export function selectedFulfillment(
  options: FulfillmentOption[],
  chosen: FulfillmentType | null,
  inStock?: (type: FulfillmentType) => boolean,
): FulfillmentType {
  const mine = options.find((o) => o.type === chosen && o.enabled);
  const stocked = inStock ? options.find((o) => o.enabled && inStock(o.type)) : undefined;
  return (mine ?? stocked ?? options.find((o) => o.enabled) ?? options[0])?.type ?? 'ShipToHome';
}

export function storeName(store: Pick<LocalStoreJson, 'city' | 'state'>): string {
  return `${store.city}, ${store.state}`;
}

function storeStock(local: LocalStock, quantity: number): StockLabel | null {
  return local.status === 'ready' ? stockLabel(local.inventory, quantity) : null;
}

function StockText({ label }: { label: StockLabel | null }) {
  if (!label) return null;
  return (
    <span
      className={`stock-label stock-label--${isAvailable(label.status) ? 'available' : 'unavailable'}`}
      data-stock-status={label.status}
    >
      {label.label}
    </span>
  );
}

export interface PurchasePanelProps {
  product: ProductDetails;
  localStore: LocalStoreJson | null;
  localStock: LocalStock;
  fulfillment: FulfillmentType;
  onFulfillmentChange: (type: FulfillmentType) => void;
}

/**
 * Where and how many, the protection plan, Add to Cart and Add to Registry, with the stock
 * label for the visitor's store and for shipping, and the store availability menu.
 */
export function PurchasePanel({ product, localStore, localStock, fulfillment, onFulfillmentChange }: PurchasePanelProps) {
  const groupId = useId();
  const [quantity, setQuantity] = useState('1');
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [warrantyId, setWarrantyId] = useState('');
  const flow = useAddToCart();
  const registry = useAddToRegistry(product);
  const qty = parseQuantity(quantity) ?? 1;
  const options = fulfillmentOptions(product.fulfillment);
  const orderable = options.some((o) => o.enabled);
  const sending = flow.state.step === 'sending';
  const storeLabel = storeStock(localStock, qty);

  function optionStock(type: FulfillmentType): { text: string | null; label: StockLabel | null } {
    if (type === 'ShipToHome') {
      return { text: null, label: shipToHomeLabel(product.fulfillment.shipToHome, product.ecomOnHand, qty) };
    }
    const offered = type === 'StorePickup' ? product.fulfillment.storePickup : product.fulfillment.sameDayDelivery;
    if (!offered) return { text: 'Not available for this item', label: null };
    if (!localStore) return { text: 'Select a store to see availability', label: null };
    if (localStock.status === 'loading') return { text: `Checking ${storeName(localStore)}…`, label: null };
    if (!storeLabel) return { text: storeName(localStore), label: null };
    return { text: `${type === 'StorePickup' ? 'at' : 'from'} ${storeName(localStore)}:`, label: storeLabel };
  }

  function showStores() {
    openStoreMenu({ product: { blainNumber: product.blainNumber, name: product.name, desiredQuantity: qty } });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const n = parseQuantity(quantity);
    if (n === null) {
      setQuantityError(QUANTITY_MESSAGE);
      return;
    }
    setQuantityError(null);
    flow.add({
      kind: 'item',
      price: product.priceCents / 100,
      request: {
        blainNumber: product.blainNumber,
        quantity: n,
        fulfillmentType: fulfillment,
        ...(fulfillment !== 'ShipToHome' && localStore ? { storeNum: localStore.storeNum } : {}),
        ...(warrantyId ? { warrantyId } : {}),
      },
    });
  }

  const state = flow.state;
  return (
    <div className="purchase">
      <form className="purchase__form" onSubmit={onSubmit} aria-label="Add to cart" noValidate>
        <fieldset className="purchase__group fulfillment">
          <legend>How would you like to get it?</legend>
          {options.map((o) => {
            const id = `${groupId}-${o.type}`;
            const stock = optionStock(o.type);
            return (
              <div key={o.type} className={`fulfillment__option${o.enabled ? '' : ' fulfillment__option--disabled'}`}>
                <input
                  id={id}
                  type="radio"
                  name={`${groupId}-fulfillment`}
                  value={o.type}
                  checked={fulfillment === o.type}
                  disabled={!o.enabled}
                  onChange={() => onFulfillmentChange(o.type)}
                />
                <label htmlFor={id}>
                  <span className="fulfillment__label">{o.label}</span>
                  <span className="fulfillment__stock" data-fulfillment-stock={o.type}>
                    {stock.text && <span className="fulfillment__where">{stock.text} </span>}
                    <StockText label={stock.label} />
                  </span>
                </label>
              </div>
            );
          })}
        </fieldset>

        <p className="purchase__store">
          {localStore ? (
            <>
              Your store: <strong>{storeName(localStore)}</strong>{' '}
            </>
          ) : (
            <>No store selected. </>
          )}
          <button type="button" className="link-button" onClick={showStores}>
            {localStore ? 'Check store availability' : 'Select a store'}
          </button>
        </p>

        {product.warranties.length > 0 && (
          <fieldset className="purchase__group warranty">
            <legend>Add a protection plan</legend>
            <div className="warranty__option">
              <input
                id={`${groupId}-warranty-none`}
                type="radio"
                name={`${groupId}-warranty`}
                value=""
                checked={warrantyId === ''}
                onChange={() => setWarrantyId('')}
              />
              <label htmlFor={`${groupId}-warranty-none`}>No protection plan</label>
            </div>
            {product.warranties.map((w) => (
              <div key={w.id} className="warranty__option">
                <input
                  id={`${groupId}-warranty-${w.id}`}
                  type="radio"
                  name={`${groupId}-warranty`}
                  value={w.id}
                  checked={warrantyId === w.id}
                  onChange={() => setWarrantyId(w.id)}
                />
                <label htmlFor={`${groupId}-warranty-${w.id}`}>
                  {w.name} <span className="warranty__price">{formatCents(w.priceCents)}</span>
                </label>
              </div>
            ))}
          </fieldset>
        )}

        <div className="purchase__row">
          <QuantityInput
            value={quantity}
            onChange={(v) => {
              setQuantity(v);
              if (quantityError && parseQuantity(v) !== null) setQuantityError(null);
            }}
            error={quantityError}
          />
          <button
            type="submit"
            className="button purchase__add"
            aria-disabled={sending || !orderable || undefined}
            disabled={!orderable}
            data-testid="add-to-cart"
          >
            {sending ? 'Adding…' : 'Add to Cart'}
          </button>
          <AddToRegistryButton onClick={() => registry.start(qty)} />
        </div>
      </form>
      <AddToRegistryDialog flow={registry} />

      <div className="purchase__status" aria-live="polite">
        {state.step === 'success' && (
          <p className="purchase__success">
            {state.message} <Link to={CART_PATH}>View Cart</Link>
          </p>
        )}
      </div>
      {state.step === 'error' && (
        <div className="purchase__error" role="alert" data-result-code={state.code}>
          <p>{state.message}</p>
          {state.code === 'PickupDeliveryError' && !localStore && (
            <button type="button" className="link-button" onClick={showStores}>
              Select a store
            </button>
          )}
        </div>
      )}
      <AddToCartDialogs
        state={state}
        productName={product.name}
        onConfirm={flow.confirm}
        onAgree={flow.agree}
        onCancel={flow.dismiss}
      />
    </div>
  );
}

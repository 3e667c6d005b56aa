import type { CheckoutLine, CheckoutSummary, FulfillmentType, PickupStore } from '../../shared/api/checkout';
import { FieldError, FieldLabel, maskInputProps } from '../../shared/forms';
import { telHref } from '../../storefinder/format';
import { fulfillmentText, PICKUP_NOTE, storeAddress, US_STATES } from '../format';
import type { CheckoutForm } from '../useCheckoutForm';
import { CheckoutStep, TextField } from './common';
import { LineProblem, useAlternativeStore } from './LineProblem';

export interface LineActions {
  busyLine: number | null;
  lineErrors: Record<number, string>;
  onSwitch: (lineId: number, fulfillment: FulfillmentType, storeNum: number | null) => void;
  onRemove: (lineId: number) => void;
}

function pickupName(store: PickupStore | null): (storeNum: number) => string | null {
  return (storeNum) => (store && store.storeNum === storeNum ? store.name : null);
}

/** A line's fulfilment, read-only; a line that can't be had as chosen, flagged with its ways out. */
function DeliveryLine({ line, summary, actions }: { line: CheckoutLine; summary: CheckoutSummary; actions: LineActions }) {
  const nameOf = pickupName(summary.pickupStore);
  const alternativeStore = useAlternativeStore(line.storeNum, nameOf);
  const busy = actions.busyLine === line.lineId;
  const error = actions.lineErrors[line.lineId];
  const storeName =
    line.storeNum === null ? null : (nameOf(line.storeNum) ?? alternativeStore.name ?? `Store #${line.storeNum}`);
  return (
    <li
      className={`checkout-line${line.available ? '' : ' checkout-line--unavailable'}`}
      data-line-id={line.lineId}
      aria-busy={busy || undefined}
    >
      <p className="checkout-line__name">{line.name}</p>
      <p className="checkout-line__meta">
        Qty {line.quantity} · Item #{line.blainNumber}
      </p>
      <p className="checkout-line__fulfillment" data-fulfillment={line.fulfillment}>
        {fulfillmentText(line.fulfillment, storeName)}
      </p>
      {!line.available && (
        <LineProblem
          lineName={line.name}
          problem={line.problem}
          alternatives={line.alternatives}
          store={alternativeStore}
          busy={busy}
          onSwitch={(fulfillment, storeNum) => actions.onSwitch(line.lineId, fulfillment, storeNum)}
          onRemove={() => actions.onRemove(line.lineId)}
        />
      )}
      {error && (
        <p className="checkout-line__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function PickupDetails({ store }: { store: PickupStore }) {
  return (
    <div className="checkout-pickup" data-testid="pickup-store">
      <h3 className="checkout-subtitle">Pickup store</h3>
      <p className="checkout-pickup__store">
        <strong>{store.name}</strong>
        <br />
        {storeAddress(store)}
        {store.phone && (
          <>
            <br />
            <a href={telHref(store.phone)}>{store.phone}</a>
          </>
        )}
      </p>
      <p className="checkout-pickup__note">{PICKUP_NOTE}</p>
    </div>
  );
}

function ShippingAddressFields({ fields }: { fields: CheckoutForm }) {
  const { firstName, lastName, address1, address2, city, state, zip } = fields;
  return (
    <fieldset className="checkout-address">
      <legend className="checkout-subtitle">Shipping address</legend>
      <div className="checkout-grid">
        <TextField field={firstName} label="First name" inputProps={{ autoComplete: 'shipping given-name' }} />
        <TextField field={lastName} label="Last name" inputProps={{ autoComplete: 'shipping family-name' }} />
        <TextField
          field={address1}
          label="Address"
          className="checkout-field--wide"
          inputProps={{ autoComplete: 'shipping address-line1' }}
        />
        <TextField
          field={address2}
          label="Apartment, suite, etc."
          required={false}
          className="checkout-field--wide"
          inputProps={{ autoComplete: 'shipping address-line2' }}
        />
        <TextField field={city} label="City" inputProps={{ autoComplete: 'shipping address-level2' }} />
        <div className="checkout-field">
          <FieldLabel htmlFor={state.id} required>
            State
          </FieldLabel>
          <select {...state.inputProps} className="checkout-input" autoComplete="shipping address-level1" aria-required>
            <option value="">Select a state</option>
            {US_STATES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <FieldError id={state.errorId} message={state.error} />
        </div>
        <TextField
          field={zip}
          label="ZIP code"
          inputProps={{ autoComplete: 'shipping postal-code', ...maskInputProps('zip') }}
        />
      </div>
    </fieldset>
  );
}

/**
 * Step 2: how each line comes (from the summary, read-only; unavailable lines flagged with a
 * switch per fulfilment that works, and Remove), the pickup store, and the shipping address
 * when a line ships or goes by same-day delivery.
 */
export function DeliveryStep({
  summary,
  fields,
  actions,
}: {
  summary: CheckoutSummary;
  fields: CheckoutForm;
  actions: LineActions;
}) {
  const pickup = summary.lines.some((l) => l.fulfillment === 'StorePickup') ? summary.pickupStore : null;
  return (
    <CheckoutStep number={2} title="Delivery">
      <ul id="checkout-lines" className="checkout-lines" aria-label="Items and how they come" tabIndex={-1}>
        {summary.lines.map((line) => (
          <DeliveryLine key={line.lineId} line={line} summary={summary} actions={actions} />
        ))}
      </ul>
      {pickup && <PickupDetails store={pickup} />}
      {summary.needsShippingAddress && <ShippingAddressFields fields={fields} />}
    </CheckoutStep>
  );
}

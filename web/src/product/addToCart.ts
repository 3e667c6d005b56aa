/**
 * Add to cart (storefront-shell §4 "Add-to-cart result codes"): the call,
 * what each result code means for the shopper, and the confirmation and
 * agreement prompts that send the call again with `confirmed` / `agreed`.
 *
 * | resultCode          | shopper sees                                          |
 * |---------------------|-------------------------------------------------------|
 * | Success             | 'Added to your cart.'; header badge refreshed; Add2Cart event |
 * | CannotAdd           | the server's message, else 'This item cannot be added to your cart.' |
 * | MaxLines            | the server's message, else the cart-full message      |
 * | PickupDeliveryError | the server's message, else the delivery-option message |
 * | RequireConfirmation | a confirmation dialog; Confirm sends again with confirmed: true |
 * | RequireAgreement    | an agreement dialog; Accept sends again with agreed: true |
 * | anything else       | the generic failure, reported to POST /a/log/         |
 *
 * A failed call shows the generic failure and is reported too. Every send is
 * a new request (new body, new Idempotency-Key): reusing the first key would
 * replay the first answer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCartResultCode, type CartResult } from '../shared/api/cart';
import { addToCart, bundleToCart, type AddToCartRequest } from '../shared/api/product';
import { refreshHeader } from '../session';
import { trackEvent } from '../shared/tracking';
import { GENERIC_ERROR_MESSAGE, reportError } from '../shared/ui/errors';

export const ADD_MESSAGES = {
  success: 'Added to your cart.',
  CannotAdd: 'This item cannot be added to your cart.',
  MaxLines: 'Your cart is full. Please remove an item before adding another.',
  PickupDeliveryError: 'This item is not available for the delivery option you chose.',
  RequireConfirmation: 'Please confirm before adding this item to your cart.',
  RequireAgreement: 'Please accept the purchase agreement before adding this item to your cart.',
  generic: GENERIC_ERROR_MESSAGE,
} as const;

export type ResultMeaning =
  | { kind: 'success' }
  | { kind: 'confirm'; message: string }
  | { kind: 'agree'; message: string }
  | { kind: 'error'; code: string; message: string; unexpected: boolean };

/** What an answer means for the shopper. */
export function interpretCartResult(result: CartResult): ResultMeaning {
  const code = result.resultCode;
  if (!isCartResultCode(code)) {
    return { kind: 'error', code: String(code), message: ADD_MESSAGES.generic, unexpected: true };
  }
  switch (code) {
    case 'Success':
      return { kind: 'success' };
    case 'RequireConfirmation':
      return { kind: 'confirm', message: result.message || ADD_MESSAGES.RequireConfirmation };
    case 'RequireAgreement':
      return { kind: 'agree', message: result.message || ADD_MESSAGES.RequireAgreement };
    case 'CannotAdd':
    case 'MaxLines':
    case 'PickupDeliveryError':
      return { kind: 'error', code, message: result.message || ADD_MESSAGES[code], unexpected: false };
  }
}

export type AddTarget =
  | { kind: 'item'; request: AddToCartRequest; /** Dollars, for the Add2Cart event. */ price: number | null }
  | { kind: 'bundle'; request: Omit<AddToCartRequest, 'warrantyId'>; price: number | null };

export type AddState =
  | { step: 'idle' }
  | { step: 'sending' }
  | { step: 'confirm'; message: string }
  | { step: 'agree'; message: string }
  | { step: 'success'; message: string; cartQty: number }
  | { step: 'error'; code: string; message: string };

/** After a successful add: the badge at once, then the header data again, then the Add2Cart event. */
export function afterSuccessfulAdd(result: CartResult, target: AddTarget): void {
  void refreshHeader({ cartQty: result.cartQty });
  try {
    trackEvent('add2cart', {
      unique_id: target.request.blainNumber,
      quantity: target.request.quantity,
      price: target.price,
      url: window.location.href,
    });
  } catch {
    // Tracking never breaks the add.
  }
}

/**
 * The add-to-cart flow of one button: `add(target)` sends; `confirm()` and
 * `agree()` answer the prompts (sending again with every flag given so far);
 * `dismiss()` closes a prompt or message.
 */
export function useAddToCart() {
  const [state, setState] = useState<AddState>({ step: 'idle' });
  const target = useRef<AddTarget | null>(null);
  const flags = useRef({ confirmed: false, agreed: false });
  const busy = useRef(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const send = useCallback(async () => {
    const current = target.current;
    if (!current || busy.current) return;
    busy.current = true;
    setState({ step: 'sending' });
    const body = {
      ...current.request,
      ...(flags.current.confirmed ? { confirmed: true } : {}),
      ...(flags.current.agreed ? { agreed: true } : {}),
    };
    let result: CartResult;
    try {
      result = current.kind === 'bundle' ? await bundleToCart(body) : await addToCart(body);
    } catch (error) {
      busy.current = false;
      reportError(error);
      if (alive.current) setState({ step: 'error', code: 'NetworkError', message: ADD_MESSAGES.generic });
      return;
    }
    busy.current = false;
    const meaning = interpretCartResult(result);
    if (meaning.kind === 'success') {
      afterSuccessfulAdd(result, current);
      if (alive.current) setState({ step: 'success', message: ADD_MESSAGES.success, cartQty: result.cartQty });
      return;
    }
    if (!alive.current) return;
    if (meaning.kind === 'confirm' || meaning.kind === 'agree') {
      const already = meaning.kind === 'confirm' ? flags.current.confirmed : flags.current.agreed;
      if (already) {
        // Asked again for what was given: don't loop.
        reportError(`Add to cart: ${result.resultCode} after it was given`);
        setState({ step: 'error', code: result.resultCode, message: ADD_MESSAGES.generic });
        return;
      }
      setState({ step: meaning.kind, message: meaning.message });
      return;
    }
    if (meaning.unexpected) reportError(`Add to cart: unexpected result code ${meaning.code}`);
    setState({ step: 'error', code: meaning.code, message: meaning.message });
  }, []);

  const add = useCallback(
    (next: AddTarget) => {
      if (busy.current) return;
      target.current = next;
      flags.current = { confirmed: false, agreed: false };
      void send();
    },
    [send],
  );

  const confirm = useCallback(() => {
    flags.current.confirmed = true;
    void send();
  }, [send]);

  const agree = useCallback(() => {
    flags.current.agreed = true;
    void send();
  }, [send]);

  const dismiss = useCallback(() => {
    if (busy.current) return;
    setState({ step: 'idle' });
  }, []);

  /** Shows a message without a call (e.g. an invalid quantity). */
  const fail = useCallback((message: string) => {
    setState({ step: 'error', code: 'Invalid', message });
  }, []);

  return { state, add, confirm, agree, dismiss, fail };
}

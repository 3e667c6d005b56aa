import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { MASKS, type MaskName } from './masks';
import type { Validator } from './validators';

type FocusableElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface RegisteredField {
  /** Validates, shows the result, and answers the message. */
  validate: () => string | null;
  focus: () => void;
  element: () => FocusableElement | null;
}

export interface FormApi {
  /** @internal Used by `useField`. */
  register: (field: RegisteredField) => () => void;
  /**
   * Validates every field and shows every message; focuses the first field
   * in error (document order). Answers whether the form is valid.
   */
  validateAll: () => boolean;
  /** An onSubmit handler: prevents the default, validates, then calls `onValid`. */
  handleSubmit: (onValid: () => void | Promise<void>) => (event?: FormEvent) => void;
}

/** Form-level validation: validate all fields on submit, focus the first error. */
export function useForm(): FormApi {
  const fields = useRef(new Set<RegisteredField>());

  const register = useCallback((field: RegisteredField) => {
    fields.current.add(field);
    return () => {
      fields.current.delete(field);
    };
  }, []);

  const validateAll = useCallback(() => {
    const invalid: RegisteredField[] = [];
    for (const field of fields.current) {
      if (field.validate() !== null) invalid.push(field);
    }
    if (invalid.length === 0) return true;
    invalid.sort((a, b) => {
      const ea = a.element();
      const eb = b.element();
      if (!ea || !eb) return 0;
      return ea.compareDocumentPosition(eb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
    });
    invalid[0]!.focus();
    return false;
  }, []);

  const handleSubmit = useCallback(
    (onValid: () => void | Promise<void>) => (event?: FormEvent) => {
      event?.preventDefault();
      if (validateAll()) void onValid();
    },
    [validateAll],
  );

  return useMemo(() => ({ register, validateAll, handleSubmit }), [register, validateAll, handleSubmit]);
}

export interface FieldOptions<V> {
  initialValue: V;
  validate?: Validator<V>;
  /** An input mask applied to typed text (string fields only). */
  mask?: MaskName | ((value: string) => string);
  name?: string;
  id?: string;
}

export interface Field<V> {
  id: string;
  errorId: string;
  value: V;
  /** The message being shown, or null. */
  error: string | null;
  touched: boolean;
  setValue: (value: V) => void;
  /** Validates now and shows the result. */
  validate: () => string | null;
  /** Shows a message from elsewhere (e.g. the server); null clears it. */
  setError: (message: string | null) => void;
  reset: (value?: V) => void;
  /** Spread on an <input>, <textarea> or <select> holding a string value. */
  inputProps: {
    id: string;
    name?: string;
    value: string;
    onChange: (event: ChangeEvent<FocusableElement>) => void;
    onBlur: () => void;
    ref: (element: FocusableElement | null) => void;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
  /** Spread on a checkbox holding a boolean value. */
  checkboxProps: {
    id: string;
    name?: string;
    type: 'checkbox';
    checked: boolean;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
    ref: (element: HTMLInputElement | null) => void;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
}

/**
 * One form field: its value, its mask, and a message that appears at the
 * first blur (or on submit) and then follows every change, so it clears as
 * soon as the value is valid.
 */
export function useField<V = string>(form: FormApi | null, options: FieldOptions<V>): Field<V> {
  const autoId = useId();
  const id = options.id ?? autoId;
  const errorId = `${id}-error`;
  // The initial value is read once, like useState's (reset() goes back to it).
  const [initialValue] = useState<V>(options.initialValue);
  const [value, setValueState] = useState<V>(initialValue);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const element = useRef<FocusableElement | null>(null);

  const latest = useRef({ value, touched, validator: options.validate });
  latest.current = { value, touched, validator: options.validate };

  const runValidation = useCallback((v: V) => latest.current.validator?.(v) ?? null, []);

  const validate = useCallback(() => {
    const message = runValidation(latest.current.value);
    setTouched(true);
    setError(message);
    return message;
  }, [runValidation]);

  const setValue = useCallback(
    (next: V) => {
      latest.current.value = next;
      setValueState(next);
      if (latest.current.touched) setError(runValidation(next));
    },
    [runValidation],
  );

  const reset = useCallback(
    (next?: V) => {
      const v = next === undefined ? initialValue : next;
      latest.current.value = v;
      setValueState(v);
      setTouched(false);
      setError(null);
    },
    [initialValue],
  );

  useEffect(() => {
    if (!form) return;
    return form.register({
      validate,
      focus: () => element.current?.focus(),
      element: () => element.current,
    });
  }, [form, validate]);

  const mask = typeof options.mask === 'string' ? MASKS[options.mask] : options.mask;
  const onBlur = useCallback(() => {
    validate();
  }, [validate]);
  const ref = useCallback((el: FocusableElement | null) => {
    element.current = el;
  }, []);
  const invalid = error ? (true as const) : undefined;
  const describedBy = error ? errorId : undefined;

  return {
    id,
    errorId,
    value,
    error,
    touched,
    setValue,
    validate,
    setError: (message) => {
      setTouched(true);
      setError(message);
    },
    reset,
    inputProps: {
      id,
      name: options.name,
      value: String(value ?? ''),
      onChange: (event) => {
        const raw = event.target.value;
        setValue((mask ? mask(raw) : raw) as V);
      },
      onBlur,
      ref,
      'aria-invalid': invalid,
      'aria-describedby': describedBy,
    },
    checkboxProps: {
      id,
      name: options.name,
      type: 'checkbox',
      checked: Boolean(value),
      onChange: (event) => setValue(event.target.checked as V),
      onBlur,
      ref,
      'aria-invalid': invalid,
      'aria-describedby': describedBy,
    },
  };
}

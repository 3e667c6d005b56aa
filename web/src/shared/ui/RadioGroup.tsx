import { useEffect, useId, type ReactNode } from 'react';
import { MESSAGES } from '../forms/messages';
import './RadioGroup.css';

export interface RadioOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

/** 'Please make a selection' (accounts-rewards-search §5, radio groups: no final period). */
export const RADIO_REQUIRED_MESSAGE = MESSAGES.radioRequired;

/**
 * The value a group with forced selection holds (accounts-rewards-search §4):
 * the checked one, else the first enabled one, else the first; null only for
 * an empty group.
 */
export function forcedSelection(options: readonly RadioOption[], checked: string | null | undefined): string | null {
  if (checked != null && options.some((o) => o.value === checked)) return checked;
  return (options.find((o) => !o.disabled) ?? options[0])?.value ?? null;
}

export interface RadioGroupProps {
  /** The group's visible label (a legend). */
  legend: ReactNode;
  name: string;
  options: readonly RadioOption[];
  /** The selected value, or null. */
  value: string | null;
  onChange: (value: string) => void;
  /** Always keep one value selected (see {@link forcedSelection}). */
  forceSelection?: boolean;
  required?: boolean;
  /** Show the required message when nothing is selected (after a submit). */
  showErrors?: boolean;
  className?: string;
}

/**
 * A radio group: one selected value, native radios (arrow keys move the
 * selection), a fieldset and legend. With `forceSelection` a missing or
 * unknown value is replaced by the forced one at once (reported through
 * `onChange`). A required group with nothing selected shows 'Please make a
 * selection' once `showErrors` is set.
 */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  forceSelection = false,
  required = false,
  showErrors = false,
  className,
}: RadioGroupProps) {
  const errorId = useId();
  const forced = forceSelection ? forcedSelection(options, value) : value;

  useEffect(() => {
    if (forceSelection && forced !== null && forced !== value) onChange(forced);
  }, [forceSelection, forced, value, onChange]);

  const selected = forced;
  const invalid = required && showErrors && (selected === null || !options.some((o) => o.value === selected));

  return (
    <fieldset
      className={`radio-group${className ? ` ${className}` : ''}`}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      aria-required={required || undefined}
    >
      <legend className="radio-group__legend">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="radio-group__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={selected === option.value}
            disabled={option.disabled}
            required={required}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {invalid && (
        <p id={errorId} className="radio-group__error" role="alert">
          {RADIO_REQUIRED_MESSAGE}
        </p>
      )}
    </fieldset>
  );
}

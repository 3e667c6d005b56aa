import { useId } from 'react';
import { changeSelection, type TireField, type TireSelection } from '../sizeState';
import { useRatios, useRims, useWidths, type OptionsState } from '../useSizeOptions';

interface Props {
  selection: TireSelection;
  onChange: (next: TireSelection) => void;
}

interface StepProps {
  id: string;
  label: string;
  placeholder: string;
  value: number | null;
  state: OptionsState;
  /** The previous step has a value. */
  ready: boolean;
  format?: (n: number) => string;
  hintId: string;
  onChange: (value: number | null) => void;
}

function SizeStep({ id, label, placeholder, value, state, ready, format = String, hintId, onChange }: StepProps) {
  const options = state.options;
  // A value from the URL that the catalog doesn't have still shows as chosen.
  const shown = value !== null && state.status === 'success' && !options.includes(value) ? [...options, value] : options;
  const loading = ready && state.status === 'loading';
  return (
    <div className="tire-step">
      <label htmlFor={id} className="tire-step__label">
        {label}
      </label>
      <select
        id={id}
        className="tire-step__select"
        value={value === null ? '' : String(value)}
        disabled={!ready || state.status !== 'success'}
        aria-describedby={hintId}
        aria-busy={loading || undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">{loading ? 'Loading…' : placeholder}</option>
        {shown.map((n) => (
          <option key={n} value={String(n)}>
            {format(n)}
          </option>
        ))}
      </select>
      {ready && state.status === 'error' && (
        <p className="tire-step__error" role="alert">
          Sizes could not be loaded. Please try again later.
        </p>
      )}
    </div>
  );
}

/**
 * Width → aspect ratio → rim diameter, each list from the tire-size calls.
 * A step is enabled once the one before it has a value; changing a step
 * clears the steps after it.
 */
export function TireSizeSelector({ selection, onChange }: Props) {
  const id = useId();
  const widths = useWidths();
  const ratios = useRatios(selection.width);
  const rims = useRims(selection.width, selection.ratio);
  const hintId = `${id}-hint`;

  const set = (field: TireField) => (value: number | null) => onChange(changeSelection(selection, field, value));

  return (
    <fieldset className="tire-selector">
      <legend className="tire-selector__legend">Shop by tire size</legend>
      <p id={hintId} className="tire-selector__hint">
        Find your size on the tire's sidewall: in 225/65R17, 225 is the width, 65 the aspect ratio and 17 the rim
        diameter.
      </p>
      <div className="tire-selector__steps">
        <SizeStep
          id={`${id}-width`}
          label="Width"
          placeholder="Select width"
          value={selection.width}
          state={widths}
          ready
          hintId={hintId}
          onChange={set('width')}
        />
        <SizeStep
          id={`${id}-ratio`}
          label="Aspect ratio"
          placeholder="Select ratio"
          value={selection.ratio}
          state={ratios}
          ready={selection.width !== null}
          hintId={hintId}
          onChange={set('ratio')}
        />
        <SizeStep
          id={`${id}-rim`}
          label="Rim diameter"
          placeholder="Select rim"
          value={selection.rim}
          state={rims}
          ready={selection.ratio !== null}
          format={(n) => `${n}"`}
          hintId={hintId}
          onChange={set('rim')}
        />
      </div>
    </fieldset>
  );
}

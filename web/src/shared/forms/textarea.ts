import { exceedsMaxMessage } from './messages';

export interface CharacterCount {
  used: number;
  allowed: number;
  /** 'used/allowed', e.g. '12/250'. */
  text: string;
  over: boolean;
  /** 'Exceeds {n}-character max by {m}' when over, else null. */
  message: string | null;
}

/** The text-area counter: used/allowed, flagging overflow. */
export function characterCount(value: string, allowed: number): CharacterCount {
  const used = value.length;
  const over = used > allowed;
  return {
    used,
    allowed,
    text: `${used}/${allowed}`,
    over,
    message: over ? exceedsMaxMessage(allowed, used - allowed) : null,
  };
}

/** Validator form of the text-area maximum. */
export function maxCharacters(allowed: number) {
  return (value: string): string | null => characterCount(value, allowed).message;
}

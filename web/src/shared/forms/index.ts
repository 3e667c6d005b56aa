/** Shared form helpers: messages, validators, masks, formatting and hooks. */
export * from './messages';
export * from './validators';
export * from './cards';
export * from './password';
export * from './masks';
export * from './format';
export * from './redirect';
export * from './textarea';
export { useForm, useField } from './useForm';
export type { FormApi, Field, FieldOptions } from './useForm';
export { FieldLabel, FieldError, CharacterCounter } from './components';

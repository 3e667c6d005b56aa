/**
 * The API's shapes as the server declares them: docs/openapi.json, generated from the Rust
 * handlers, turned into ./schema.d.ts by `npm run api-types` (`npm run api-types:check`
 * fails when it is stale). Every type of this folder is one of these or derived from one;
 * none is declared by hand.
 */
import type { components, operations } from './schema';

type Schemas = components['schemas'];

/** A named schema of the document: `Wire<'ProductSummary'>`. */
export type Wire<Name extends keyof Schemas> = Schemas[Name];

/** The JSON of an operation's 200 answer, for the answers the document declares inline. */
export type WireAnswer<Operation extends keyof operations> = operations[Operation]['responses'] extends {
  200: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/**
 * A request body with the fields the server defaults left optional. openapi-typescript
 * (defaultNonNullable) types a property with a `default` as required even where the
 * document does not require it; a client may leave those out.
 */
export type WithDefaults<Body, Defaulted extends keyof Body> = Omit<Body, Defaulted> &
  Partial<Pick<Body, Defaulted>>;

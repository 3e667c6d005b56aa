/**
 * The strategy and rule behind a recommendation widget, for preview mode
 * (`GET /api/staff/recommendation/getruleexplain?widgetGuid=`, the merchandiser role, with the
 * staff session). The server answers a list in the spec's spelling,
 * `[{ModelGuid, RuleString, TriggerRuleString}]`: empty for a widget it does not know.
 */
import { apiGet, NetworkError } from '../../shared/api/client';
import { isObject } from '../../shared/api/json';

export const RULE_EXPLAIN_URL = '/api/staff/recommendation/getruleexplain';

export interface WidgetRule {
  /** The model (strategy) that picks the widget's products. */
  model: string;
  /** What the model does. */
  rule: string;
  /** What the widget's products are picked for (its context). */
  trigger: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The answer read: its entries that say something, in the server's order. */
export function toWidgetRules(body: unknown): WidgetRule[] {
  if (!Array.isArray(body)) throw new NetworkError(200);
  return body
    .filter(isObject)
    .map((entry) => ({ model: text(entry.ModelGuid), rule: text(entry.RuleString), trigger: text(entry.TriggerRuleString) }))
    .filter((r) => r.model !== '' || r.rule !== '' || r.trigger !== '');
}

/**
 * The rules behind the widget `widgetGuid`. Rejects with the client's `NetworkError` (401
 * without a staff session, 403 for another role, 400 for a refused question), or an
 * `AbortError` once `signal` aborts.
 */
export async function fetchWidgetRules(widgetGuid: string, signal?: AbortSignal): Promise<WidgetRule[]> {
  const body = await apiGet<unknown>(`${RULE_EXPLAIN_URL}?widgetGuid=${encodeURIComponent(widgetGuid)}`, signal);
  // 204: nothing to say about the widget.
  return body === undefined ? [] : toWidgetRules(body);
}

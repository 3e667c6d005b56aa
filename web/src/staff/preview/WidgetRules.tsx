import { useEffect, useState } from 'react';
import { staffErrorMessage } from '../api/staff';
import type { PreviewWidget } from './dom';
import { PreviewDialog, Term } from './PreviewDialog';
import { fetchWidgetRules, type WidgetRule } from './rules';

export const WHY_LABEL = 'Why these products?';
export const NO_RULE_MESSAGE = 'No rule is known for this widget.';

/**
 * A recommendation widget's button (rendered by the preview at the top of the widget): opens
 * the dialog of the strategy and rule behind its products. Its name holds the widget's heading
 * (visually hidden), so a list of buttons reads well.
 */
export function WidgetControls({
  widget,
  onOpen,
}: {
  widget: PreviewWidget;
  /** Opens the dialog; `button` takes the focus back when it closes. */
  onOpen: (widget: PreviewWidget, button: HTMLButtonElement) => void;
}) {
  return (
    <div className="staff-preview-widget__controls">
      <button
        type="button"
        className="staff-preview-button"
        data-preview-action="rules"
        aria-haspopup="dialog"
        onClick={(event) => onOpen(widget, event.currentTarget)}
      >
        {WHY_LABEL}
        {widget.heading && (
          <>
            {' '}
            <span className="staff-preview-sr">{widget.heading}</span>
          </>
        )}
      </button>
    </div>
  );
}

type Loadable = { status: 'loading' } | { status: 'ready'; rules: WidgetRule[] } | { status: 'error'; message: string };

/**
 * Why a recommendation widget shows its products (`GET /api/staff/recommendation/getruleexplain`):
 * for each rule the server knows for the widget, the model (strategy) that picks the products,
 * the rule it follows and what triggers it; "No rule is known for this widget." when there is
 * none, the server's words when it refuses. A modal dialog (the browser's own: the page behind
 * is inert, Escape closes it) titled with the widget's heading; the preview puts the focus back
 * on the widget's button when it closes.
 */
export function WidgetRulesDialog({ widget, onClose }: { widget: PreviewWidget; onClose: () => void }) {
  const [load, setLoad] = useState<Loadable>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchWidgetRules(widget.guid, controller.signal).then(
      (rules) => !controller.signal.aborted && setLoad({ status: 'ready', rules }),
      (failure: unknown) => !controller.signal.aborted && setLoad({ status: 'error', message: staffErrorMessage(failure) }),
    );
    return () => controller.abort();
  }, [widget.guid]);

  return (
    <PreviewDialog title={widget.heading ? `Why these products: ${widget.heading}` : WHY_LABEL} onClose={onClose}>
      {load.status === 'loading' && <p role="status">Loading the widget’s rules…</p>}
      {load.status === 'error' && (
        <p role="alert" className="staff-preview-error">
          {load.message}
        </p>
      )}
      {load.status === 'ready' && <RulesBody guid={widget.guid} rules={load.rules} />}
    </PreviewDialog>
  );
}

function RulesBody({ guid, rules }: { guid: string; rules: WidgetRule[] }) {
  return (
    <div className="staff-preview-explain">
      {rules.length === 0 ? (
        <p className="staff-preview-explain__verdict">{NO_RULE_MESSAGE}</p>
      ) : (
        rules.map((rule, i) => (
          <section key={i} className="staff-preview-rules">
            {rules.length > 1 && (
              <h3 className="staff-preview-rules__title">
                Rule {i + 1} of {rules.length}
              </h3>
            )}
            <dl>
              <Term term="Model (strategy)">{rule.model || '—'}</Term>
              <Term term="Rule">{rule.rule || '—'}</Term>
              <Term term="Trigger">{rule.trigger || '—'}</Term>
            </dl>
          </section>
        ))
      )}
      <p className="staff-preview-rules__widget">
        Widget <span className="staff-preview-explain__value">{guid}</span>
      </p>
    </div>
  );
}

import { useId, useState } from 'react';
import { previewIsOn, setPreview } from '../preview/cookie';

/**
 * "Preview the store": turns preview mode on or off for this browser (the `sf_preview` cookie,
 * preview/cookie.ts). With it on, the store's own search and department pages, opened by a
 * signed-in merchandiser, show the preview bar and the pin controls and Explain in each
 * result card; shoppers never get them. A switch (`role="switch"`), its state said beside it.
 */
export function PreviewSwitch() {
  const noteId = useId();
  const [on, setOn] = useState(previewIsOn);
  function toggle() {
    setPreview(!on);
    setOn(!on);
  }
  return (
    <div className="preview-switch">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={noteId}
        className="preview-switch__button"
        onClick={toggle}
      >
        <span className="preview-switch__track" aria-hidden="true">
          <span className="preview-switch__thumb" />
        </span>
        Preview the store
      </button>
      <span id={noteId} className="preview-switch__note">
        {on ? (
          <>
            On: the store’s search and department pages show you the pin controls and Explain.{' '}
            <a href="/">Open the store</a>
          </>
        ) : (
          'Off: you see the store as shoppers do.'
        )}
      </span>
    </div>
  );
}

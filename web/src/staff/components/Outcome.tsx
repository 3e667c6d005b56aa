/**
 * What an action on a console page came to: a polite status line (always there, so screen
 * readers hear each new message) and, when something went wrong, an alert.
 */
export function Outcome({ message, error }: { message: string; error: string | null }) {
  return (
    <>
      <p role="status" className="staff-status">
        {message}
      </p>
      {error && (
        <p role="alert" className="staff-error">
          {error}
        </p>
      )}
    </>
  );
}

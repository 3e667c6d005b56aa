import './SkipLink.css';

export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a className="skip-link" href={`#${targetId}`}>
      Skip to main content
    </a>
  );
}

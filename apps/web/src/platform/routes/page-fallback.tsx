import './page-fallback.css';

/** Shown while the first screen's code and data load; CSS only, to keep antd Spin out of the entry chunk. */
export function PageFallback() {
  return (
    <div className="page-fallback" role="status" aria-label="Loading">
      <span className="page-fallback-spinner" />
    </div>
  );
}

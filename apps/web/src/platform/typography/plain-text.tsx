import useToken from 'antd/es/theme/useToken';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

// Text and a screen's title drawn as antd's Typography draws them, in the theme's colours, weights and
// sizes, without Typography: its module brings its editable mode (with TextArea), copying and measured
// ellipsis, about 6 KB gzip that every signed-in screen's first load carried for a few words
// (docs/performance.md). The theme's values are read as they are (useToken's fourth element), not as the
// CSS variables antd's own styles refer to.

/** Typography's single-line ellipsis on a span. */
const ELLIPSIS: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  verticalAlign: 'bottom',
};

export interface PlainTextProps extends HTMLAttributes<HTMLSpanElement> {
  type?: 'secondary' | 'danger';
  strong?: boolean;
  ellipsis?: boolean;
}

/** As `<Typography.Text>` with the same props. */
export function PlainText({ type, strong, ellipsis, style, children, ...rest }: PlainTextProps) {
  const [, , , token] = useToken();
  const color =
    type === 'secondary'
      ? token.colorTextDescription
      : type === 'danger'
        ? token.colorErrorText
        : token.colorText;
  return (
    <span
      {...rest}
      style={{
        color,
        wordBreak: 'break-word',
        lineHeight: token.lineHeight,
        ...(ellipsis ? ELLIPSIS : {}),
        ...style,
      }}
    >
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
}

/** As `<Typography.Title level={3} style={{ margin: 0 }}>`: a screen's title. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  const [, , , token] = useToken();
  return (
    <h3
      style={{
        margin: 0,
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token.fontSizeHeading3,
        lineHeight: token.lineHeightHeading3,
        wordBreak: 'break-word',
      }}
    >
      {children}
    </h3>
  );
}

import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { ScreenTitle } from '../typography/plain-text.tsx';

/** A screen's title heading with its main actions on the right. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
      <ScreenTitle>{title}</ScreenTitle>
      {extra && <Flex gap={8}>{extra}</Flex>}
    </Flex>
  );
}

import type { TablePaginationConfig } from 'antd';

/** A table paged by the server, a fixed number of rows a page: the page shown, out of `total` rows. */
export function serverPages(
  page: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number) => void,
): TablePaginationConfig {
  return { current: page, pageSize, total: total ?? 0, onChange, showSizeChanger: false };
}

import { Button, Flex } from 'antd';
// Not antd's Input index, which brings TextArea, Password and OTP along (as forms/inputs.ts explains).
import SearchInput from 'antd/es/input/Search';
import { type ReactNode, useEffect, useState } from 'react';
import type { PaginatedList } from './use-paginated-list.ts';

/** Search box, the screen's filters and a reset, above a ServerTable. */
export function ListToolbar<T>({
  list,
  placeholder,
  searchable = true,
  children,
}: {
  list: PaginatedList<T>;
  placeholder: string;
  /** False for a list whose server search matches nothing: the box would only mislead. */
  searchable?: boolean;
  children?: ReactNode;
}) {
  const [text, setText] = useState(list.params.search);
  // Back/forward or a reset changes the URL under the box.
  useEffect(() => setText(list.params.search), [list.params.search]);
  const filtered = list.params.search !== '' || Object.keys(list.params.filter).length > 0;

  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
      {searchable && (
        <SearchInput
          allowClear
          aria-label="Search"
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => list.setSearch(value)}
          style={{ width: 280 }}
        />
      )}
      {children}
      {filtered && (
        <Button type="link" onClick={list.reset}>
          Clear filters
        </Button>
      )}
    </Flex>
  );
}

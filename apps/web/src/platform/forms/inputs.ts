/**
 * antd's `Input` index attaches TextArea, Search and OTP as static members, so importing it ships them
 * all. The public screens, and the list screens' search boxes and filters, take the inputs they use
 * straight from their modules.
 */
export { default as TextInput } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';
export { default as SearchInput } from 'antd/es/input/Search';
export { default as TextAreaInput } from 'antd/es/input/TextArea';

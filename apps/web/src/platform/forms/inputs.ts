/**
 * antd's `Input` index attaches TextArea, Search and OTP as static members, so importing it ships them
 * all. The public screens take the two inputs they use straight from their modules.
 */
export { default as TextInput } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';

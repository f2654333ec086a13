import { MESSAGE_AUTO_HIDE_MS } from '@facet/contract';
import { ConfigProvider, message, notification } from 'antd';
import { appTheme } from './theme.ts';

const duration = MESSAGE_AUTO_HIDE_MS / 1000;

// Static toasts render outside the app tree; holderRender gives them the app's theme.
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={appTheme}>{children}</ConfigProvider>,
});
message.config({ duration });
notification.config({ duration, placement: 'bottomLeft' });

export { message, notification };

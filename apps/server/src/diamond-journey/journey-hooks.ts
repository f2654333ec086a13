import { isSafeMediaUrl, JOURNEY_MESSAGES } from '@facet/contract';
import { fieldError } from '../http/envelope.ts';
import type { ResourceHooks } from '../resources/domain-hooks.ts';

/**
 * A journey event's media is shown as a link, a picture or a video: only an uploaded file's path or an
 * http(s) address, never a `javascript:` or `data:` one.
 */
export const journeyEventHooks: ResourceHooks = {
  beforeWrite: (values) => {
    const url = values.mediaUrl;
    if (typeof url === 'string' && url !== '' && !isSafeMediaUrl(url)) {
      throw fieldError('mediaUrl', JOURNEY_MESSAGES.mediaUrl);
    }
    return values;
  },
};

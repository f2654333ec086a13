import { describe, expect, it } from 'vitest';
import {
  accountResource,
  bannerResource,
  CONTENT_TYPE,
  contactUsResource,
  createSchemaOf,
  dayTermResource,
  formTitleOf,
  itemNameOf,
  itemNameOfValues,
  newsEventResource,
  RESOURCE_MESSAGES,
  recordOutcomeMessage,
  resourceOutcomeMessage,
  sizeResource,
  toggleOutcomeMessage,
  updateSchemaOf,
} from '../index.ts';

describe('item names', () => {
  it('names one record as its screen does', () => {
    expect(itemNameOf(bannerResource)).toBe('banner');
    expect(itemNameOf(accountResource)).toBe('company');
    expect(itemNameOf(dayTermResource)).toBe('term');
    const [show, popup] = newsEventResource.views;
    expect(itemNameOf(newsEventResource, show)).toBe('show');
    expect(itemNameOf(newsEventResource, popup)).toBe('popup');
    const suggestion = contactUsResource.views.find((view) => view.route === 'suggestion');
    expect(itemNameOf(contactUsResource, suggestion)).toBe('suggestion');
  });

  it("finds a record's view from the values it holds", () => {
    expect(itemNameOfValues(newsEventResource, { contentType: CONTENT_TYPE.SHOW })).toBe('show');
    expect(itemNameOfValues(newsEventResource, { contentType: CONTENT_TYPE.POPUP })).toBe('popup');
    expect(itemNameOfValues(newsEventResource, { contentType: CONTENT_TYPE.NEWS })).toBe('news item');
    expect(itemNameOfValues(contactUsResource, { type: 'suggestion' })).toBe('suggestion');
    expect(itemNameOfValues(contactUsResource, { type: 'contact' })).toBe('contact message');
  });
});

describe('outcome messages and form titles', () => {
  it('names the record that was created, saved or deleted', () => {
    expect(resourceOutcomeMessage(bannerResource, { name: 'Winter collection' }, 'created')).toBe(
      "Banner 'Winter collection' created.",
    );
    expect(
      resourceOutcomeMessage(
        newsEventResource,
        { title: 'Winter gala', contentType: CONTENT_TYPE.SHOW },
        'saved',
      ),
    ).toBe("Show 'Winter gala' saved.");
    expect(recordOutcomeMessage('suggestion', '', 'deleted')).toBe('Suggestion deleted.');
  });

  it('keeps the quotes readable around a title that holds an apostrophe', () => {
    expect(recordOutcomeMessage('state', "'Asir", 'deleted')).toBe('State "\'Asir" deleted.');
    expect(formTitleOf('company', "O'Neil Gems")).toBe('Edit company "O\'Neil Gems"');
  });

  it('says what a switch did, naming the record', () => {
    expect(toggleOutcomeMessage(accountResource, { name: 'Acme' }, 'isApproved', true)).toBe(
      "Company 'Acme' approved.",
    );
    expect(toggleOutcomeMessage(accountResource, { name: 'Acme' }, 'isActive', false)).toBe(
      "Company 'Acme' deactivated.",
    );
    expect(toggleOutcomeMessage(bannerResource, { name: 'Winter' }, 'isActive', true)).toBe(
      "Banner 'Winter' activated.",
    );
  });

  it('titles the form by the item and, when editing, the record', () => {
    expect(formTitleOf('show', null)).toBe('Add show');
    expect(formTitleOf('show', 'Winter gala')).toBe("Edit show 'Winter gala'");
    expect(formTitleOf('show', '')).toBe('Edit show');
  });
});

describe('field messages in one voice', () => {
  const messages = [
    RESOURCE_MESSAGES.required('Name'),
    RESOURCE_MESSAGES.required('Country', 'reference'),
    RESOURCE_MESSAGES.required('Shown from', 'datetime'),
    RESOURCE_MESSAGES.required('Desktop image', 'image'),
    RESOURCE_MESSAGES.tooLong('Name', 120),
    RESOURCE_MESSAGES.between('Carat', 0.01, 99.99),
    RESOURCE_MESSAGES.notANumber('Days'),
    RESOURCE_MESSAGES.invalidOption('Type'),
    RESOURCE_MESSAGES.duplicate('ISO code'),
  ];

  it('asks for what is missing, naming the field by its label', () => {
    expect(messages).toEqual([
      'Enter a name.',
      'Choose a country.',
      'Choose the shown from date.',
      'Upload a desktop image.',
      'At most 120 characters.',
      'Enter a carat between 0.01 and 99.99.',
      'Enter the days as a number.',
      'Choose a type from the list.',
      'Enter another ISO code: this one is already used.',
    ]);
  });

  it('writes every message in sentence case, ending with a full stop', () => {
    for (const message of messages) expect(message).toMatch(/^[A-Z][^!]*\.$/);
  });

  it('says the whole range of a number bounded on both sides', () => {
    const create = createSchemaOf(sizeResource);
    const issue = create.safeParse({ name: 'Huge', fromCarat: -1, toCarat: 1 }).error?.issues[0];
    expect(issue?.path).toEqual(['fromCarat']);
    expect(issue?.message).toMatch(/^Enter a from carat between -?[\d.]+ and [\d.]+\.$/);
    expect(updateSchemaOf(sizeResource).safeParse({ name: '' }).error?.issues[0]?.message).toBe(
      'Enter a name.',
    );
  });
});

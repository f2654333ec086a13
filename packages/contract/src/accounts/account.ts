import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

/**
 * A customer company. Business type, nature of organisation and company size are values of the
 * BUSINESS_TYPE, NATURE_OF_ORG and COMPANY_SIZE masters; the sales person is a panel user.
 */
export const accountResource = defineResource({
  name: 'account',
  title: 'Company',
  module: 'Account',
  api: 'apis/account',
  table: 'accounts',
  views: [
    {
      route: 'account',
      title: 'Company',
      detailRoute: 'account-details/:id?',
      menu: { group: 'Customer', id: 201, name: 'Company' },
    },
  ],
  titleField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  operations: FULL_OPERATIONS,
  stampOnToggle: {
    isApproved: { by: 'approvedBy', at: 'approvedAt' },
    isVerified: { by: 'verifiedBy', at: 'verifiedAt' },
  },
  fields: {
    name: field.text('Name', { required: true, max: 200, sort: true, search: true }),
    displayName: field.text('Display name', { max: 200, search: true, list: false }),
    code: field.text('Code', { required: true, max: 30, unique: true, sort: true, search: true }),
    businessTypeId: field.masterValue('Business type', 'BUSINESS_TYPE', { filter: 'eq', list: false }),
    natureOfOrganisationId: field.masterValue('Nature of organisation', 'NATURE_OF_ORG', {
      filter: 'eq',
      list: false,
    }),
    companySizeId: field.masterValue('Company size', 'COMPANY_SIZE', { filter: 'eq', list: false }),
    registrationNumber: field.text('Registration number', { max: 60, search: true, list: false }),
    taxNumber: field.text('Tax number', { max: 60, search: true, list: false }),
    street: field.text('Street', { max: 255, list: false }),
    area: field.text('Area', { max: 120, list: false }),
    zipCode: field.text('Zip code', { max: 20, list: false }),
    countryId: field.reference('Country', 'country', { filter: 'eq' }),
    stateId: field.reference('State', 'state', { filter: 'eq', list: false }),
    cityId: field.reference('City', 'city', { filter: 'eq', list: false }),
    emails: field.textList('E-mails', { max: 254, search: true, list: false }),
    phones: field.textList('Phones', { max: 30, search: true, list: false }),
    website: field.url('Website', { max: 255, list: false }),
    bankDetails: field.longText('Bank details', { max: 4000, list: false }),
    brokerName: field.text('Broker name', { max: 120, list: false }),
    brokerDetails: field.longText('Broker details', { max: 2000, list: false }),
    salesPersonId: field.user('Sales person', { filter: 'eq', list: false }),
    paymentTermId: field.reference('Payment term', 'dayTerm', { filter: 'eq' }),
    creditLimit: field.decimal('Credit limit', { min: 0, max: 1e12, scale: 2, display: 'money', sort: true }),
    externalId: field.text('External id', { max: 60, search: true, filter: 'eq', list: false }),
    isApproved: field.boolean('Approved', { defaultValue: false, filter: 'eq', toggle: 'details' }),
    approvedBy: field.text('Approved by', { form: false, list: false }),
    approvedAt: field.datetime('Approved at', { form: false, list: false, sort: true }),
    isVerified: field.boolean('Verified', { defaultValue: false, filter: 'eq', toggle: true }),
    verifiedBy: field.text('Verified by', { form: false, list: false }),
    verifiedAt: field.datetime('Verified at', { form: false, list: false, sort: true }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

import type { ReactNode } from 'react';
import { Banner } from '@cc/ui/banner';
import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import type { AppForm } from '../../../lib/form';
import type { StoreFormValues } from '../hooks/use-store-form';
import { LogoField } from './logo-field';

export type StoreFormProps = {
  form: AppForm<StoreFormValues>;
  isCreating: boolean;
  /** Where the store page will live, shown while creating. */
  pageAddress: string | null;
  formError: string | null;
  logo: {
    isUploading: boolean;
    error: string | null;
    canFit: boolean;
    onFile: (file: File) => void;
    onRemove: () => void;
    onFit: () => void;
  };
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="mb-4 text-lg font-bold tracking-wide text-slate-900">{title}</h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** 'YOUR STORE INFORMATION' and 'CONTACT INFORMATION', then CREATE YOUR STORE or SAVE CHANGES. */
export function StoreForm({ form, isCreating, pageAddress, formError, logo }: StoreFormProps) {
  const { formik, formProps, fieldProps } = form;
  return (
    <form {...formProps} className="grid gap-6">
      <Section title="YOUR STORE INFORMATION">
        <TextInput
          label="Store Name"
          required
          autoComplete="organization"
          hint={pageAddress ? `Your page: ${pageAddress}` : undefined}
          {...fieldProps('name')}
        />
        <TextInput
          label="Website URL"
          required
          inputMode="url"
          autoComplete="url"
          placeholder="www.example.com"
          {...fieldProps('websiteUrl')}
        />
        <TextInput
          label="Affiliate Website URL"
          inputMode="url"
          placeholder="Optional"
          {...fieldProps('affiliateWebsiteUrl')}
        />
        <div className="sm:col-span-2">
          {/* An upload's own error first, else the server's answer about the saved logo. */}
          <LogoField
            value={formik.values.logoUrl}
            storeName={formik.values.name}
            {...logo}
            error={logo.error ?? formik.errors.logoUrl ?? null}
          />
        </div>
      </Section>
      <Section title="CONTACT INFORMATION">
        <TextInput
          label="First Name"
          autoComplete="given-name"
          {...fieldProps('contactFirstName')}
        />
        <TextInput
          label="Last Name"
          autoComplete="family-name"
          {...fieldProps('contactLastName')}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          className="sm:col-span-2"
          {...fieldProps('contactEmail')}
        />
      </Section>
      {formError && <Banner variant="error" title={formError} />}
      <div className="flex justify-end">
        <SubmitButton
          isLoading={formik.isSubmitting}
          disabled={logo.isUploading}
          className="w-full sm:w-auto"
        >
          {isCreating ? 'CREATE YOUR STORE' : 'SAVE CHANGES'}
        </SubmitButton>
      </div>
    </form>
  );
}

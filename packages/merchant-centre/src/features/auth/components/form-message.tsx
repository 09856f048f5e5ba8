import { Banner } from '@cc/ui/banner';

/** The form's answer from the server: an error (role alert) or a success text (role status). */
export function FormMessage({
  error,
  success,
}: {
  error?: string | null;
  success?: string | null;
}) {
  if (error) return <Banner variant="error">{error}</Banner>;
  if (success) return <Banner variant="info">{success}</Banner>;
  return null;
}

import { Banner } from '@cc/ui/banner';

/** A form's answer from the server: its failure (role alert) or its success text (role status). */
export function FormAnswer({
  failure,
  success,
}: {
  failure: string | null;
  success: string | null;
}) {
  if (failure) return <Banner variant="error">{failure}</Banner>;
  if (success) return <Banner variant="info">{success}</Banner>;
  return null;
}

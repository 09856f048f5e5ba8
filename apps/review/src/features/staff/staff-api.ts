import { api } from '@cc/api';
import { applyFieldErrors } from '@cc/api/field-errors';
import type {
  AcceptInvitationBody,
  InvitationLookup,
  InviteStaffBody,
  MessageResponse,
  StaffInvitation,
  StaffList,
  StaffMember,
  UpdateStaffBody,
} from '@cc/contract';

/** A 400's first message per field, for the fields a form shows. */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  applyFieldErrors(
    error,
    (field, message) => {
      found[field] = message;
    },
    fields,
  );
  return found;
}

const LIST = [{ type: 'Staff' as const, id: 'LIST' }];

/** Admins only: the staff list, invitations, role changes, disable and re-enable, removal, a two-step sign-in reset; and the invitation link's two calls. */
const staffApi = api.enhanceEndpoints({ addTagTypes: ['Staff'] }).injectEndpoints({
  endpoints: (build) => ({
    staffList: build.query<StaffList, void>({ query: () => 'staff/', providesTags: LIST }),
    inviteStaff: build.mutation<StaffInvitation, InviteStaffBody>({
      query: (body) => ({ url: 'staff/invitations/', method: 'POST', body }),
      invalidatesTags: LIST,
    }),
    withdrawInvitation: build.mutation<null, number>({
      query: (id) => ({ url: `staff/invitations/${id}/`, method: 'DELETE' }),
      invalidatesTags: LIST,
    }),
    updateStaff: build.mutation<StaffMember, { id: number } & UpdateStaffBody>({
      query: ({ id, ...body }) => ({ url: `staff/${id}/`, method: 'PATCH', body }),
      invalidatesTags: LIST,
    }),
    removeStaff: build.mutation<null, number>({
      query: (id) => ({ url: `staff/${id}/`, method: 'DELETE' }),
      invalidatesTags: LIST,
    }),
    resetStaffSecondFactor: build.mutation<null, number>({
      query: (id) => ({ url: `staff/${id}/second-factor/`, method: 'DELETE' }),
    }),
    lookupInvitation: build.query<InvitationLookup, string>({
      query: (token) => ({ url: 'staff/invitations/lookup/', method: 'POST', body: { token } }),
    }),
    acceptInvitation: build.mutation<MessageResponse, AcceptInvitationBody>({
      query: (body) => ({ url: 'staff/invitations/accept/', method: 'POST', body }),
    }),
  }),
});

export const {
  useStaffListQuery,
  useInviteStaffMutation,
  useWithdrawInvitationMutation,
  useUpdateStaffMutation,
  useRemoveStaffMutation,
  useResetStaffSecondFactorMutation,
  useLookupInvitationQuery,
  useAcceptInvitationMutation,
} = staffApi;

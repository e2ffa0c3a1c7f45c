import type { FeatureFlag, Permission, PermissionDefinition, QuotaName, Role, Tier } from '@tocsin/domain';

/** The query of a page-numbered list: `page` starts at 1; `per_page` is 20 unless asked, at most 100. */
export interface PageQuery {
  page?: number;
  per_page?: number;
}

/** Page-numbered lists (users): `page` starts at 1. */
export interface PagePagination {
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

/** GET /api/v1/users, GET|PATCH /api/v1/users/{id}: a member of the caller's organization. */
export interface OrganizationMember {
  id: string;
  name: string;
  email: string;
  role: Role;
  joined_at: string;
}

/** PATCH /api/v1/users/{id}. */
export interface ChangeRoleRequest {
  role: Role;
}

export interface MembersResponse {
  data: OrganizationMember[];
  pagination: PagePagination;
}

/** GET|POST /api/v1/invitations (administration). The token is only ever in the email. */
export interface Invitation {
  id: string;
  email: string;
  role: Role;
  expires_at: string;
  created_at: string;
  invited_by: string | null;
}

export interface InvitationRequest {
  email: string;
  role: Role;
}

/** GET /api/v1/invitations/{token} (public): what the person following the link is joining. */
export interface InvitationPreview {
  organization_name: string;
  email: string;
  role: Role;
  /** An account with this email exists: the invitee signs in instead of signing up. */
  existing_user: boolean;
}

/** POST /api/v1/invitations/{token}/accept: empty when signed in as the invitee; name and password to sign up. */
export interface AcceptInvitationRequest {
  name?: string;
  password?: string;
}

/** GET|PATCH /api/v1/organization. */
export interface OrganizationSettings {
  id: string;
  name: string;
  tier: Tier;
  created_at: string;
}

/** PATCH /api/v1/organization. */
export interface RenameOrganizationRequest {
  name: string;
}

/** GET /api/v1/organization_roles. */
export interface OrganizationRolesResponse {
  data: {
    roles: Array<{ role: Role; permissions: Permission[] }>;
    permission_definitions: PermissionDefinition[];
  };
}

/** GET /api/v1/organization/feature_flags: every flag, this organization's value. */
export interface FeatureFlagsResponse {
  data: Record<FeatureFlag, boolean>;
}

/** PUT /api/v1/organization/feature_flags/{flag}. */
export interface FeatureFlagRequest {
  enabled: boolean;
}

/** Query of GET /api/v1/entitlements (SPEC.md section 7: type quota, name). */
export interface QuotaEntitlementQuery {
  type: 'quota';
  name: QuotaName;
}

/** PUT /api/v1/staff/organizations/{id}/quotas/{name} (Tocsin operators): a whole number, or null for the tier's limit. */
export interface QuotaLimitRequest {
  maximum: number | null;
}

/** GET /api/v1/entitlements?type=quota&name=… (SPEC.md section 3, "Quota entitlement"). */
export interface QuotaEntitlementResponse {
  data: { name: string; available: boolean; tier: Tier; slug: QuotaName; maximum: number | null };
}

/** POST /api/v1/staff_sessions. */
export interface StaffSessionRequest {
  organization_id: string;
}

/** GET /api/v1/retrospective_templates/{id} and each item of the list. */
export interface RetrospectiveTemplate {
  id: string;
  name: string;
  description: string;
  /** In order; ids follow the order (`s1`, `s1q2`) and are made by the server. */
  sections: Array<{ id: string; title: string; questions: Array<{ id: string; prompt: string }> }>;
  /** Counts the saves (0: the default template, never changed); a change names the revision it was made on. */
  revision: number;
  /** The organization's default template ("Standard retrospective" until changed). */
  is_default: boolean;
  copied_from: string | null;
  created_at: string | null;
  updated_at: string | null;
}

/** POST /api/v1/retrospective_templates: sections in order, each a title and its questions (text prompts). */
export interface RetrospectiveTemplateRequest {
  name: string;
  description?: string;
  sections: Array<{ title: string; questions?: string[] }>;
}

/** PATCH /api/v1/retrospective_templates/{id}: `revision` is the one the editor saw (a stale one answers 409). */
export type RetrospectiveTemplateChangeRequest = Partial<RetrospectiveTemplateRequest> & { revision: number };

/** A 409 on a stale revision carries the template as it is now. */
export interface RetrospectiveTemplateConflict {
  error: 'conflict';
  message: string;
  current: RetrospectiveTemplate;
}

export interface RetrospectiveTemplatesResponse {
  data: RetrospectiveTemplate[];
}

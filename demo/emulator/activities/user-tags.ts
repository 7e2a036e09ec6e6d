/**
 * User tags, as the hosted service keeps them (datav1Tag, TAG_TYPE_USER): create_user_tag,
 * update_user_tag, delete_user_tags and the list_user_tags query. A tag is a record of the
 * organization; a user holds the ids of its tags (v1User.userTags). Every id is checked before
 * anything is staged, so a request naming one unknown user or tag stores nothing.
 */
import { invalidRequest, notFound } from '../http/service-error.ts';
import { optionalString, requireString, requireStringArray } from '../http/fields.ts';
import { timestamp } from '../api/envelope.ts';
import { requireUser } from '../identity/find-users.ts';
import type { ActivityHandler, QueryHandler } from '../api/handler-types.ts';
import type { JsonObject } from '../http/fields.ts';
import type { TagRecord, UserRecord } from '../state/records.ts';
import type { StateView, Tx } from '../state/store.ts';

const NAME_MAX = 256;

function requireTag(view: StateView, organizationId: string, tagId: string, tagType: TagRecord['tagType']): TagRecord {
  const tag = view.tags.get(tagId);
  if (!tag || tag.organizationId !== organizationId || tag.tagType !== tagType) throw notFound('NOT_FOUND', `No ${tagType === 'TAG_TYPE_USER' ? 'user' : 'private key'} tag with this id in the organization.`);
  return tag;
}

/** The organization's user tags named by `tagIds` (deduplicated, in order), or NOT_FOUND. */
export function requireUserTags(view: StateView, organizationId: string, tagIds: readonly string[]): string[] {
  return [...new Set(tagIds)].map((id) => requireTag(view, organizationId, id, 'TAG_TYPE_USER').id);
}

const users = (tx: Tx, organizationId: string, ids: readonly string[]): UserRecord[] => [...new Set(ids)].map((id) => requireUser(tx, organizationId, id));

const retag = (tx: Tx, user: UserRecord, tags: readonly string[], now: number): void => {
  tx.users.put({ ...tx.users.get(user.id)!, userTags: tags, updatedAt: now });
};

export const createUserTag: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const tagName = requireString(p, 'userTagName', 'parameters', { max: NAME_MAX });
    const userIds = requireStringArray(p, 'userIds', 'parameters');
    const tagged = users(tx, organization.id, userIds);
    const tag = tx.tags.put({ id: crypto.randomUUID(), organizationId: organization.id, tagName, tagType: 'TAG_TYPE_USER', createdAt: now, updatedAt: now });
    for (const user of tagged) retag(tx, user, [...user.userTags, tag.id], now);
    return { userTagId: tag.id, userIds };
  },
};

export const updateUserTag: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const tag = requireTag(tx, organization.id, requireString(p, 'userTagId', 'parameters'), 'TAG_TYPE_USER');
    const newName = optionalString(p, 'newUserTagName', 'parameters', { max: NAME_MAX });
    const add = users(tx, organization.id, p.addUserIds === undefined ? [] : requireStringArray(p, 'addUserIds', 'parameters'));
    const remove = users(tx, organization.id, p.removeUserIds === undefined ? [] : requireStringArray(p, 'removeUserIds', 'parameters'));
    if (add.some((u) => remove.some((r) => r.id === u.id))) throw invalidRequest('A user cannot be both added to and removed from the tag.');
    if (newName !== undefined) tx.tags.put({ ...tag, tagName: newName, updatedAt: now });
    for (const user of add) if (!user.userTags.includes(tag.id)) retag(tx, user, [...user.userTags, tag.id], now);
    for (const user of remove) retag(tx, user, user.userTags.filter((id) => id !== tag.id), now);
    return { userTagId: tag.id };
  },
};

export const deleteUserTags: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const userTagIds = requireStringArray(p, 'userTagIds', 'parameters');
    if (userTagIds.length === 0) throw invalidRequest('parameters.userTagIds must not be empty.');
    const ids = new Set(requireUserTags(tx, organization.id, userTagIds));
    const userIds: string[] = [];
    for (const user of tx.users.findBy('organizationId', organization.id)) {
      if (!user.userTags.some((id) => ids.has(id))) continue;
      retag(tx, user, user.userTags.filter((id) => !ids.has(id)), now);
      userIds.push(user.id);
    }
    for (const id of ids) tx.tags.delete(id);
    return { userTagIds, userIds };
  },
};

export const wireTag = (tag: TagRecord): JsonObject => ({
  tagId: tag.id,
  tagName: tag.tagName,
  tagType: tag.tagType,
  createdAt: timestamp(tag.createdAt),
  updatedAt: timestamp(tag.updatedAt),
});

export const listUserTags: QueryHandler = {
  run({ view, organization }) {
    return { userTags: view.tags.findBy('organizationId', organization.id).filter((t) => t.tagType === 'TAG_TYPE_USER').map(wireTag) };
  },
};

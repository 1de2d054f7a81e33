/** `GET /v2/summary`: the user's and each organisation's applications, add-ons and consumers in brief. */
import type { PlatformState, User } from './state.ts';
import { organisationsOf } from './state.ts';

function contentOf(state: PlatformState, ownerId: string) {
  return {
    applications: [...state.applications.values()]
      .filter((app) => app.ownerId === ownerId)
      .map(({ view, tags }) => {
        const instance = view.instance as { type: string; variant: { slug: string; name: string; logo: string } };
        return {
          id: view.id,
          name: view.name,
          instanceType: instance.type,
          instanceVariant: instance.variant.name,
          variantSlug: instance.variant.slug,
          variantLogoUrl: instance.variant.logo,
          archived: view.archived,
          homogeneous: view.homogeneous,
          state: view.state,
          commit: view.commitId,
          systemTags: [],
          customerTags: [...tags],
        };
      }),
    // `realId` is how the official client (and CLI) map an add-on's two ids to its owner.
    addons: [...state.addons.values()]
      .filter((addon) => addon.ownerId === ownerId)
      .map(({ view, tags }) => {
        const provider = view.provider as { id: string; logoUrl: string };
        return {
          id: view.id,
          name: view.name,
          realId: view.realId,
          providerId: provider.id,
          logoUrl: provider.logoUrl,
          systemTags: [],
          customerTags: [...tags],
        };
      }),
    consumers: [...state.consumers.values()]
      .filter((consumer) => consumer.ownerId === ownerId)
      .map((consumer) => ({ name: consumer.name, key: consumer.key, picture: consumer.picture })),
    providers: [],
  };
}

export function summaryOf(state: PlatformState, user: User): Record<string, unknown> {
  return {
    user: {
      id: user.id,
      name: user.name,
      avatar: user.avatar,
      email: user.email,
      lang: user.lang,
      admin: false,
      ...contentOf(state, user.id),
    },
    // The personal organisation is listed here too, as on the real platform: the official client drops the entry
    // whose id is the user's, and the CLI lists applications from this array only.
    organisations: organisationsOf(state, user.id).map((org) => ({
      id: org.id,
      name: org.name,
      avatar: org.avatar,
      role: org.members.find((member) => member.userId === user.id)?.role ?? 'NONE',
      ...contentOf(state, org.id),
      vatState: org.vatState,
      canPay: org.canPay,
      canSEPA: org.canSEPA,
      cleverEnterprise: org.cleverEnterprise,
      emergencyNumber: org.emergencyNumber,
      isTrusted: false,
    })),
  };
}

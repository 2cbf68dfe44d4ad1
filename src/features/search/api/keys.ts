// One key factory for the search feature, so mutations invalidate exactly what they change.
export const searchKeys = {
  all: ['search'] as const,
  saved: () => [...searchKeys.all, 'saved'] as const,
  savedFor: (userId: string) => [...searchKeys.saved(), userId] as const,
  listed: (itemKey: string, condition: string) => [...searchKeys.all, 'listed', condition, itemKey] as const,
};

/** The words of the study and work rights sections. */
export const rightsCopy = {
  studyRights: {
    title: 'Study rights',
    description: 'The countries where you may study: as a citizen, resident or with a permit.',
    noun: 'study right',
    add: 'Add study right',
  },
  workRights: {
    title: 'Work rights',
    description: 'The countries where you may work: as a citizen, resident or with a visa.',
    noun: 'work right',
    add: 'Add work right',
  },
} as const;

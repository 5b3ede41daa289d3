import CriteriaCLI
CriteriaCommand.main()

import CriteriaCLI

CriteriaCommand.main()

import CriteriaCLI

CriteriaCommand.runMain()

complete --keep-order --exclusive --command locadm --arguments "(LOCADM_COMPLETE=fish locadm -- (commandline --current-process --tokenize --cut-at-cursor) (commandline --current-token))"

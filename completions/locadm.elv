
set edit:completion:arg-completer[locadm] = { |@words|
    var index = (count $words)
    set index = (- $index 1)

    put (env _CLAP_IFS="\n" _CLAP_COMPLETE_INDEX=(to-string $index) LOCADM_COMPLETE="elvish" locadm -- $@words) | to-lines
}


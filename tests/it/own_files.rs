//! Files the tool writes cannot be turned against the user (issue 52, item 4): in a
//! shared directory another user can leave a symbolic link where a run's `.lock` or
//! `.torn` file will be; the run refuses it, and the file it points at is untouched.

use crate::common;

use common::Env;

/// A journal's `.lock` and `.torn` files are never written through a symbolic link: the
/// run stops (exit 2, naming the file), nothing is sent, and the link's target keeps its
/// bytes. (Opened as before, the lock truncated the target to the run's PID, and the
/// torn bytes were appended to it.)
#[test]
fn a_journal_never_writes_through_a_symbolic_link() {
    let env = Env::new();
    let input = env.records("L", 3, "in.ndjson");
    let input = input.to_str().unwrap();
    let journal = env.path("run.journal");
    let journal_arg = journal.to_str().unwrap();
    let precious = env.write("precious.txt", "root's file\n");
    let apply = || env.run(&["location", "apply", "-f", input, "--journal", journal_arg]);
    let creates = || env.emulator().counters()["creates"].as_u64().unwrap();

    let lock = env.path("run.journal.lock");
    std::os::unix::fs::symlink(&precious, &lock).unwrap();
    let out = apply();
    out.assert_code(2);
    assert!(
        out.stderr.contains("run.journal.lock") && out.stderr.contains("symbolic link"),
        "{}",
        out.stderr
    );
    assert_eq!(creates(), 0);
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "root's file\n");
    std::fs::remove_file(&lock).unwrap();

    // A journal cut mid-line (a crash): its torn bytes go to `.torn`, which is a link.
    apply().assert_code(0);
    let mut text = std::fs::read_to_string(&journal).unwrap();
    text.push_str("{\"key\":\"line 9|L-9|\",\"outc");
    std::fs::write(&journal, &text).unwrap();
    let torn = env.path("run.journal.torn");
    std::os::unix::fs::symlink(&precious, &torn).unwrap();
    let out = apply();
    out.assert_code(2);
    assert!(
        out.stderr.contains("run.journal.torn") && out.stderr.contains("symbolic link"),
        "{}",
        out.stderr
    );
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "root's file\n");
    // Once the link is gone, the journal is repaired and the run skips what it did.
    std::fs::remove_file(&torn).unwrap();
    let out = apply();
    out.assert_code(0);
    assert_eq!(creates(), 3, "nothing sent twice");
    assert!(std::fs::read_to_string(&torn).unwrap().contains("outc"));
}

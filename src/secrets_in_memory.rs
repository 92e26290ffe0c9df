//! The process holds client secrets, tokens and private keys in memory (in `secrecy`
//! types, zeroed on drop); a core dump would write them to a file. So, as ssh-agent and
//! gpg-agent do, core dumps are turned off at start: the core size limit is 0, and on
//! Linux the process is marked not dumpable (which also keeps other processes of the same
//! user from reading its memory through `/proc` or ptrace).

/// Turns core dumps off for this process; a failure is reported on `--verbose` only (the
/// tool still works, and there is nothing the user could do about it).
pub fn forbid_core_dumps() -> Result<(), String> {
    #[cfg(unix)]
    {
        use rustix::process::{setrlimit, Resource, Rlimit};
        let none = Rlimit {
            current: Some(0),
            maximum: Some(0),
        };
        setrlimit(Resource::Core, none).map_err(|e| format!("core size limit: {e}"))?;
        #[cfg(target_os = "linux")]
        rustix::process::set_dumpable_behavior(rustix::process::DumpableBehavior::NotDumpable)
            .map_err(|e| format!("not dumpable: {e}"))?;
    }
    Ok(())
}

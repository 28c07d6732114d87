//! GPUVerify's restricted race checking (`--vcgen-opt=/checkArrays:A,B`).

/// Every name in `/checkArrays:` must be an array of the kernel that can race.
pub fn known_arrays(k: &kir::Kernel, names: &[String]) -> Result<(), crate::LockstepError> {
    let arrays: Vec<&str> = k
        .regions
        .iter()
        .filter(|r| crate::instrument::can_race(r.space))
        .map(|r| r.name.as_str())
        .collect();
    match names.iter().find(|n| !arrays.contains(&n.as_str())) {
        Some(name) => Err(crate::LockstepError::UnknownArray {
            name: name.clone(),
            available: arrays.join(", "),
        }),
        None => Ok(()),
    }
}

# One swap for scripts/measure-helpers.sh: run in a scratch worktree, never on the project.
p='crates/kit/src/sort.rs'
s=open(p).read()
i=s.index("/// Sorts `v` by `key`")
j=s.index("#[cfg(test)]")
s=s[:i]+'''/// std
pub fn sort_by_key<T, K: Ord>(v: &mut [T], key: impl FnMut(&T) -> K) {
    v.sort_by_key(key)
}
/// std
pub fn sort<T: Ord>(v: &mut [T]) {
    v.sort()
}

'''+s[j:]
open(p,'w').write(s)

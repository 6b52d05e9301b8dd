#!/bin/bash
# Regenerates src/main/resources/io/structbridge/processor/parse/c-library-{names,macros}.txt from the real
# compilers (issue 9, d07/d12): the identifiers that a generated header cannot use because a C11 standard header
# (or the headers the generated header includes) declares them, as gcc -std=gnu17 and g++ -std=gnu++17 see them.
#   c-library-names.txt : X such that 'typedef struct X { int a; } X;' after including every C11 standard header
#                         fails to compile with gcc or g++ (types, functions, objects, macros, tags; 'std' in C++)
#   c-library-macros.txt: X such that 'struct s { int X; };' fails (object-like macros such as EOF, errno, I)
# Candidates are every identifier of the preprocessed headers and every macro name; names beginning with '_'
# are left out (the processor refuses the reserved ones by rule). Run from processor/: tools/c-library-names.sh
set -u
out=src/main/resources/io/structbridge/processor/parse
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT; cd "$t"
H="assert complex ctype errno fenv float inttypes iso646 limits locale math setjmp signal stdalign stdarg stdatomic stdbool stddef stdint stdio stdlib stdnoreturn string tgmath threads time uchar wchar wctype"
: > c.c; : > cxx.cc
for h in $H; do echo "#include <$h.h>" >> c.c; case $h in stdatomic|threads|tgmath|complex) ;; *) echo "#include <$h.h>" >> cxx.cc;; esac; done
echo '#include <cstddef>' >> cxx.cc
{ gcc -std=gnu17 -dM -E c.c | awk '{print $2}' | sed 's/(.*//'
  gcc -std=gnu17 -E -P c.c | grep -oE '\b[A-Za-z][A-Za-z0-9_]*\b'
  g++ -std=gnu++17 -E -P cxx.cc | grep -oE '\b[A-Za-z][A-Za-z0-9_]*\b'; } | grep -v '^_' | sort -u > cand.txt
bad() { # $1 header file, $2 compiler+flags, $3 printf format of the probe line
  local n; n=$(wc -l < "$1"); { cat "$1"; while read -r x; do printf "$3\n" "$x" "$x"; done < cand.txt; } > "probe.$1"
  $2 -fsyntax-only -fmax-errors=0 "probe.$1" 2>&1 | grep -oE "^probe\.$1:[0-9]+" | cut -d: -f2 | sort -un \
      | awk -v o="$n" '$1>o{print $1-o}'
}
pick() { awk 'NR==FNR{a[$1];next} (FNR in a)' - cand.txt; }
{ bad c.c "gcc -std=gnu17" 'typedef struct %s { int a; } %s;'; bad cxx.cc "g++ -std=gnu++17" 'typedef struct %s { int a; } %s;'; } \
    | sort -un | pick > "$OLDPWD/$out/c-library-names.txt"
{ bad c.c "gcc -std=gnu17" 'struct sb_m_%s { int %s; };'; bad cxx.cc "g++ -std=gnu++17" 'struct sb_m_%s { int %s; };'; } \
    | sort -un | pick > "$OLDPWD/$out/c-library-macros.txt"
wc -l "$OLDPWD/$out"/c-library-*.txt

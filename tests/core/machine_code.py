"""What gcc made of a built module's function, read with objdump (the build-level tests)."""
import subprocess


def first_instructions(so, symbol, n=3):
    """The first n instructions of ``symbol`` in the shared object ``so``, each split in words."""
    out = subprocess.run(["objdump", "-d", "--disassemble=" + symbol, so], capture_output=True,
                         text=True, check=True).stdout
    body = out.split("<%s>:" % symbol, 1)[1].splitlines()
    return [line.split("\t")[-1].split() for line in body if line.count("\t") >= 2][:n]

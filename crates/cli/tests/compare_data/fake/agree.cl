//pass
//--local_size=4 --num_groups=2 --opt-level=3
//FAKE structured -O0 4
//FAKE structured -O2 4

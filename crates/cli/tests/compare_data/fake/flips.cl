//pass
//--local_size=4 --num_groups=2
//FAKE structured -O2 1
